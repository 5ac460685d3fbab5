import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { BRAND } from "../lib/brand";
import { usePageSubjectShown } from "../lib/page-subject";
import type { PageHandle } from "./router";

/**
 * A matched route as either router reports it: `useMatches` gives the handle, the static
 * handler's context the route (with its handle); both give the URL's parameters.
 */
interface TitledMatch {
  handle?: unknown;
  route?: { handle?: unknown };
  params: Readonly<Record<string, string | undefined>>;
}

const titleOf = (m: TitledMatch) =>
  ((m.handle ?? m.route?.handle) as PageHandle | undefined)?.title;

/** Account sections with a title of their own (`pageTitle.sections.<code>`). */
const ACCOUNT_SECTIONS = new Set([
  "order-history",
  "payments",
  "account-details",
  "user-details",
  "team",
  "address-book",
  "contract-price",
  "saved-lists",
  "approvals",
]);

/** Pages whose title names what they show once it is known (src/lib/page-subject.ts). */
const SUBJECT_PAGES = new Set(["product"]);

/**
 * The document title of the matched routes in the interface language (issue 30): what the page
 * shows when it names something (a product page's product), else the deepest route's own title,
 * an account section's name on /shop/account/:section; then the brand.
 */
export function pageTitle(
  t: TFunction,
  matches: readonly TitledMatch[],
  subject: string | null = null,
): string {
  const match = [...matches].reverse().find(titleOf);
  const key = match && titleOf(match);
  const section = match?.params.section;
  const page =
    key && SUBJECT_PAGES.has(key) && subject
      ? subject
      : key === "account" && section && ACCOUNT_SECTIONS.has(section)
        ? t(`pageTitle.sections.${section}`)
        : key
          ? t(`pageTitle.${key}`)
          : "";
  return page
    ? t("pageTitle.template", { page, brand: BRAND.name })
    : t("pageTitle.brandOnly", { brand: BRAND.name });
}

/** Whether this visit has set a title yet (the first page's is the server's). */
let titled = false;

/**
 * Keeps `document.title` on the page shown, in the interface language (client navigation).
 * On the first page the server's title stands until the page knows what it shows: the server
 * named it already (server/http/pages.ts).
 */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const named = usePageSubjectShown();
  const title = pageTitle(t, matches, named);
  const key = [...matches].reverse().find(titleOf);
  const waiting = !named && !!key && SUBJECT_PAGES.has(titleOf(key)!);
  useEffect(() => {
    const firstPage = !titled;
    titled = true;
    if (firstPage && waiting) return;
    document.title = title;
  }, [title, waiting]);
}
