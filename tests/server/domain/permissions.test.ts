import { describe, expect, it } from "vitest";

import { type Action, ALL_ROLES, ROLES, can, isRole } from "../../../server/domain/permissions.js";

const ALL_ACTIONS: readonly Action[] = [
  "cart.bulkAdd",
  "checkout.setPaymentMethod",
  "checkout.complete",
  "account.payments",
  "account.companyDetails",
  "account.myInformation",
  "account.addressBook",
  "account.team",
  "shoppingLists.order",
];
const ALL_BUT_TEAM = ALL_ACTIONS.filter((a) => a !== "account.team");

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

  it.each(ALL_BUT_TEAM)("lets a COMMERCIAL user do %s", (action) => {
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
