import { describe, expect, it } from "vitest";
import { canEditCompanyData, customerUpdateScope } from "../../rules/customer-profile.js";

describe("customerUpdateScope", () => {
  it("reads a body of company fields only as a company update", () => {
    expect(customerUpdateScope(["companyName", "taxNumber"])).toEqual({
      personal: false,
      company: true,
    });
    expect(customerUpdateScope(["taxNumber"])).toEqual({ personal: false, company: true });
  });

  it("reads personal fields, an empty body or unknown fields as a personal update", () => {
    expect(customerUpdateScope(["email", "firstName"])).toEqual({
      personal: true,
      company: false,
    });
    expect(customerUpdateScope([])).toEqual({ personal: true, company: false });
    expect(customerUpdateScope(["nickname"])).toEqual({ personal: true, company: false });
  });

  it("reads a mixed body as both", () => {
    expect(customerUpdateScope(["email", "companyName"])).toEqual({
      personal: true,
      company: true,
    });
  });
});

describe("canEditCompanyData", () => {
  it("is for company admins only", () => {
    expect(canEditCompanyData(["ROLE_COMPANY_ADMIN"])).toBe(true);
    expect(canEditCompanyData(["ROLE_COMPANY_MARKETING", "ROLE_COMPANY_ADMIN"])).toBe(true);
    expect(canEditCompanyData(["ROLE_COMPANY_COMMERCIAL"])).toBe(false);
    expect(canEditCompanyData(["ROLE_COMPANY_MARKETING"])).toBe(false);
    expect(canEditCompanyData([])).toBe(false);
  });
});
