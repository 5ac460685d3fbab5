import { describe, expect, it } from "vitest";
import {
  MAX_ROLE_ENTRIES,
  memberStatus,
  normaliseRole,
  readRoles,
  removalMode,
} from "../../../server/domain/team.js";

describe("normaliseRole", () => {
  it.each([
    ["ROLE_COMPANY_ADMIN", "ROLE_COMPANY_ADMIN"],
    ["ADMIN", "ROLE_COMPANY_ADMIN"],
    ["commercial", "ROLE_COMPANY_COMMERCIAL"],
    [" Marketing ", "ROLE_COMPANY_MARKETING"],
    ["role_company_marketing", "ROLE_COMPANY_MARKETING"],
  ])("reads %j as %s", (input, role) => {
    expect(normaliseRole(input)).toBe(role);
  });

  it.each(["ROLE_ADMIN", "ROLE_SUPER_ADMIN", "", "OWNER", 1, null, ["ADMIN"]])(
    "refuses %j",
    (input) => {
      expect(normaliseRole(input)).toBeUndefined();
    },
  );
});

describe("readRoles", () => {
  it("normalises, drops duplicates and orders canonically", () => {
    expect(readRoles(["MARKETING", "ADMIN", "ROLE_COMPANY_ADMIN"])).toEqual({
      roles: ["ROLE_COMPANY_ADMIN", "ROLE_COMPANY_MARKETING"],
      violations: [],
    });
  });

  it("requires a non-empty array", () => {
    expect(readRoles(undefined).violations).toEqual([
      { propertyPath: "roles", message: "field.required" },
    ]);
    expect(readRoles(null).violations[0]?.message).toBe("field.required");
    expect(readRoles([]).violations[0]?.message).toBe("field.required");
    expect(readRoles("ADMIN").violations).toEqual([
      { propertyPath: "roles", message: "field.type", params: { type: "array" } },
    ]);
  });

  it("names each unknown entry by its index", () => {
    expect(readRoles(["ADMIN", "ROLE_SUPER_ADMIN", 7]).violations).toEqual([
      {
        propertyPath: "roles[1]",
        message: "team.roleUnknown",
        params: { role: "ROLE_SUPER_ADMIN" },
      },
      { propertyPath: "roles[2]", message: "team.roleUnknown", params: { role: "number" } },
    ]);
  });

  it("refuses absurdly long lists before reading them", () => {
    const many = Array.from({ length: MAX_ROLE_ENTRIES + 1 }, () => "ADMIN");
    expect(readRoles(many).violations).toEqual([
      { propertyPath: "roles", message: "team.rolesTooMany", params: { max: MAX_ROLE_ENTRIES } },
    ]);
  });
});

describe("memberStatus", () => {
  it("is Active once a first name is set, Pending before", () => {
    expect(memberStatus("Anna")).toBe("Active");
    expect(memberStatus(null)).toBe("Pending");
    expect(memberStatus("  ")).toBe("Pending");
  });
});

describe("removalMode", () => {
  it("disables users with placed orders or saved lists and deletes the others", () => {
    expect(removalMode({ placedOrders: 0, shoppingLists: 0 })).toBe("delete");
    expect(removalMode({ placedOrders: 3, shoppingLists: 0 })).toBe("disable");
    expect(removalMode({ placedOrders: 0, shoppingLists: 1 })).toBe("disable");
  });
});

describe("readRoles: a refusal keeps no role (mutation run)", () => {
  it("answers no roles with every refusal, and names the entry's type or first 40 characters", () => {
    const refused = (value: unknown) => readRoles(value, "member.roles");
    expect(refused(undefined)).toEqual({
      roles: [],
      violations: [{ propertyPath: "member.roles", message: "field.required" }],
    });
    expect(refused({ 0: "ADMIN" })).toEqual({
      roles: [],
      violations: [
        { propertyPath: "member.roles", message: "field.type", params: { type: "array" } },
      ],
    });
    expect(refused([])).toEqual({
      roles: [],
      violations: [{ propertyPath: "member.roles", message: "field.required" }],
    });
    expect(refused(Array.from({ length: 11 }, () => "ADMIN"))).toEqual({
      roles: [],
      violations: [
        { propertyPath: "member.roles", message: "team.rolesTooMany", params: { max: 10 } },
      ],
    });
    expect(readRoles(Array.from({ length: 10 }, () => "ADMIN")).roles).toEqual([
      "ROLE_COMPANY_ADMIN",
    ]);
    expect(refused(["ADMIN", `R${"x".repeat(50)}`])).toEqual({
      roles: [],
      violations: [
        {
          propertyPath: "member.roles[1]",
          message: "team.roleUnknown",
          params: { role: `R${"x".repeat(39)}` },
        },
      ],
    });
  });
});
