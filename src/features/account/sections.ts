import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { can, type Action } from "../../../rules/permissions";

/** The section codes of the account page (account spec 2), in navigation order. */
export const SECTION_CODES = [
  "order-history",
  "payments",
  "account-details",
  "user-details",
  "team",
  "approvals",
  "address-book",
  "contract-price",
  "saved-lists",
] as const;
export type SectionCode = (typeof SECTION_CODES)[number];

export const DEFAULT_SECTION: SectionCode = "order-history";

export interface AccountSection {
  /** The ability the roles table of account spec 6 asks for; null: every company user. */
  ability: Action | null;
  Component: LazyExoticComponent<ComponentType>;
}

/**
 * Each section by code, loaded on first use. The roles follow the spec's table through the
 * server's own permission rules (rules/permissions.ts), so the navigation and the API
 * cannot disagree about who sees what.
 */
export const SECTIONS: Record<SectionCode, AccountSection> = {
  "order-history": {
    ability: null,
    Component: lazy(() =>
      import("./orders/order-history-section").then((m) => ({ default: m.OrderHistorySection })),
    ),
  },
  payments: {
    ability: "account.payments",
    Component: lazy(() =>
      import("./payments/payments-section").then((m) => ({ default: m.PaymentsSection })),
    ),
  },
  "account-details": {
    ability: "account.companyDetails",
    Component: lazy(() =>
      import("./company/company-section").then((m) => ({ default: m.CompanySection })),
    ),
  },
  "user-details": {
    ability: "account.myInformation",
    Component: lazy(() =>
      import("./me/my-information-section").then((m) => ({ default: m.MyInformationSection })),
    ),
  },
  team: {
    ability: "account.team",
    Component: lazy(() => import("./team/team-section").then((m) => ({ default: m.TeamSection }))),
  },
  approvals: {
    ability: "account.approvals",
    Component: lazy(() =>
      import("./approvals/approvals-section").then((m) => ({ default: m.ApprovalsSection })),
    ),
  },
  "address-book": {
    ability: "account.addressBook",
    Component: lazy(() =>
      import("./addresses/address-book-section").then((m) => ({ default: m.AddressBookSection })),
    ),
  },
  "contract-price": {
    ability: null,
    Component: lazy(() =>
      import("./prices/contract-price-section").then((m) => ({ default: m.ContractPriceSection })),
    ),
  },
  "saved-lists": {
    ability: null,
    Component: lazy(() =>
      import("./shopping-lists/shopping-lists-section").then((m) => ({
        default: m.ShoppingListsSection,
      })),
    ),
  },
};

/** The sections the roles may see, in navigation order. */
export function visibleSections(roles: readonly string[]): SectionCode[] {
  return SECTION_CODES.filter((code) => {
    const ability = SECTIONS[code].ability;
    return ability === null || can(roles, ability);
  });
}

/** The section to show for a path segment: unknown or forbidden codes give the default. */
export function resolveSection(
  requested: string | undefined,
  roles: readonly string[],
): SectionCode {
  const visible = visibleSections(roles);
  return visible.find((code) => code === requested) ?? DEFAULT_SECTION;
}
