import { describe, expect, it } from "vitest";

import { type Action, ALL_ROLES, ROLES, can, isRole } from "../../rules/permissions.js";

const ALL_ACTIONS = [
  "cart.bulkAdd",
  "checkout.setPaymentMethod",
  "checkout.complete",
  "payment.pay",
  "account.payments",
  "account.companyDetails",
  "account.myInformation",
  "account.addressBook",
  "account.team",
  "account.approvals",
  "shoppingLists.order",
] as const satisfies readonly Action[];
// Every action is listed: an action added to the table without a line here fails to compile.
const everyActionListed: Exclude<Action, (typeof ALL_ACTIONS)[number]> extends never
  ? true
  : false = true;
void everyActionListed;
/** Managing the team and approving orders over a spending limit (decision 043). */
const ADMIN_ONLY: readonly Action[] = ["account.team", "account.approvals"];
const ALL_BUT_ADMIN_ONLY = ALL_ACTIONS.filter((a) => !ADMIN_ONLY.includes(a));

describe("roles", () => {
  it("are stored with the ROLE_COMPANY_ prefix", () => {
    expect(ROLES).toEqual({
      admin: "ROLE_COMPANY_ADMIN",
      commercial: "ROLE_COMPANY_COMMERCIAL",
      marketing: "ROLE_COMPANY_MARKETING",
    });
    expect([...ALL_ROLES].sort()).toEqual([
      "ROLE_COMPANY_ADMIN",
      "ROLE_COMPANY_COMMERCIAL",
      "ROLE_COMPANY_MARKETING",
    ]);
  });
});

describe("can", () => {
  it.each(ALL_ACTIONS)("lets an ADMIN do %s", (action) => {
    expect(can([ROLES.admin], action)).toBe(true);
  });

  it.each(ALL_BUT_ADMIN_ONLY)("lets a COMMERCIAL user do %s", (action) => {
    expect(can([ROLES.commercial], action)).toBe(true);
  });

  it.each(ALL_ACTIONS)("refuses %s to a MARKETING user", (action) => {
    expect(can([ROLES.marketing], action)).toBe(false);
  });

  it("lets only an ADMIN manage the team", () => {
    expect(can([ROLES.admin], "account.team")).toBe(true);
    expect(can([ROLES.commercial], "account.team")).toBe(false);
    expect(can([ROLES.marketing], "account.team")).toBe(false);
    expect(can([ROLES.commercial, ROLES.marketing], "account.team")).toBe(false);
  });

  it("lets only an ADMIN approve an order over a spending limit", () => {
    expect(can([ROLES.admin], "account.approvals")).toBe(true);
    expect(can([ROLES.commercial, ROLES.marketing], "account.approvals")).toBe(false);
  });

  it.each(ALL_ACTIONS)("refuses %s to a user without roles", (action) => {
    expect(can([], action)).toBe(false);
  });

  it.each(ALL_ACTIONS)("refuses %s to a user with only unknown roles", (action) => {
    expect(
      can(["ROLE_ADMIN", "admin", "ROLE_COMPANY_admin", "ROLE_USER", "", "COMMERCIAL"], action),
    ).toBe(false);
  });

  it("gives a MARKETING and COMMERCIAL user the union of both roles", () => {
    for (const action of ALL_ACTIONS) {
      expect(can([ROLES.marketing, ROLES.commercial], action)).toBe(
        can([ROLES.commercial], action),
      );
      expect(can([ROLES.commercial, ROLES.marketing], action)).toBe(
        can([ROLES.commercial], action),
      );
    }
    expect(can([ROLES.marketing, ROLES.commercial], "checkout.complete")).toBe(true);
  });

  it("ignores unknown roles next to a known one", () => {
    expect(can(["ROLE_USER", ROLES.commercial], "checkout.complete")).toBe(true);
    expect(can(["ROLE_USER", ROLES.marketing], "checkout.complete")).toBe(false);
  });

  it("gives a user with every role every action", () => {
    for (const action of ALL_ACTIONS) expect(can(ALL_ROLES, action)).toBe(true);
  });
});

describe("isRole", () => {
  it.each(Object.values(ROLES))("recognises %s", (role) => {
    expect(isRole(role)).toBe(true);
  });

  it.each<[string, unknown]>([
    ["an unprefixed name", "ADMIN"],
    ["a lower-case name", "role_company_admin"],
    ["a generic role", "ROLE_USER"],
    ["an empty string", ""],
    ["null", null],
    ["undefined", undefined],
    ["a number", 1],
    ["an array holding a role", [ROLES.admin]],
  ])("rejects %s", (_label, value) => {
    expect(isRole(value)).toBe(false);
  });
});
