import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RegisterPartnerDocument,
  RegistrationCountriesDocument,
  type PartnerRegistrationInput,
} from "../../src/lib/gql/graphql.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

const FRENCH: PartnerRegistrationInput = {
  companyName: "Maison Claire SAS",
  customerType: "online-shop-own",
  corporateRegistrationNumber: null,
  taxNumber: "FR40303265045",
  jobTitle: "Gérante",
  contact: {
    name: "Claire",
    surname: "Martin",
    email: "claire@maison-claire.example",
    phone: "+33 1 45 55 00 00",
  },
  address: { country: "FR", street: "5 rue Cler", postCode: "75007", town: "Paris" },
  evaluation: JSON.stringify({
    type_of_business: "b2c",
    company_status: "startup",
    business_model: "online-shop-own",
    web_url: "https://maison-claire.example",
  }),
  termsAccepted: true,
};

describe("gateway: partner registration", () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGateway();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists the countries with their EMEA flag and provinces, without a token", async () => {
    const countries = dataOf(await h.run(RegistrationCountriesDocument, {})).registrationCountries;
    expect(countries.find((c) => c.code === "FR")).toMatchObject({ emea: true, provinces: [] });
    const us = countries.find((c) => c.code === "US")!;
    expect(us.emea).toBe(false);
    expect(us.provinces).toContainEqual({ code: "US-NY", name: "New York" });
  });

  it("sends an application, and answers the server's violations and duplicates", async () => {
    const received = expectType(
      dataOf(await h.run(RegisterPartnerDocument, { input: FRENCH })).registerPartner,
      "PartnerRegistrationReceived",
    );
    expect(received.message).not.toBe("");
    const row = await h.t.db
      .selectFrom("partner_applications")
      .selectAll()
      .where("email", "=", FRENCH.contact.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", country_code: "FR" });

    // The same e-mail again: a pending application, pointed at the contact's e-mail.
    const again = expectType(
      dataOf(
        await h.run(RegisterPartnerDocument, {
          input: { ...FRENCH, companyName: "Maison Claire Deux" },
        }),
      ).registerPartner,
      "ValidationError",
    );
    expect(again.violations[0]?.propertyPath).toBe("relationships.default_contact.email");

    // A French company without its VAT number; a US one without a state.
    const invalid = expectType(
      dataOf(
        await h.run(RegisterPartnerDocument, {
          input: {
            ...FRENCH,
            taxNumber: null,
            contact: { ...FRENCH.contact, email: "other@maison-claire.example" },
          },
        }),
      ).registerPartner,
      "ValidationError",
    );
    expect(invalid.violations.map((v) => v.propertyPath)).toEqual(["taxNumber"]);
    const noState = expectType(
      dataOf(
        await h.run(RegisterPartnerDocument, {
          input: {
            ...FRENCH,
            taxNumber: null,
            corporateRegistrationNumber: "NY-1",
            contact: { ...FRENCH.contact, email: "us@atelier-nord.example" },
            address: { country: "US", street: "12 Mercer St", postCode: "10013", town: "NYC" },
          },
        }),
      ).registerPartner,
      "ValidationError",
    );
    expect(noState.violations.map((v) => v.propertyPath)).toContain(
      "relationships.billing_address.state",
    );
  });

  it("answers a postcode, phone or VAT number that does not fit the country at its field (issue 30)", async () => {
    const wrong = expectType(
      dataOf(
        await h.run(RegisterPartnerDocument, {
          input: {
            ...FRENCH,
            taxNumber: "FR123",
            contact: { ...FRENCH.contact, email: "wrong@maison-claire.example", phone: "01 CALL" },
            address: { ...FRENCH.address, postCode: "7500" },
          },
        }),
      ).registerPartner,
      "ValidationError",
    );
    expect(wrong.violations.map((v) => `${v.propertyPath} ${v.code}`)).toEqual([
      "relationships.default_contact.phone address.phoneInvalid",
      "relationships.billing_address.post_code address.postcodeInvalid",
      // The wizard's one address is also the shipping address.
      "relationships.shipping_address.post_code address.postcodeInvalid",
      "taxNumber vatNumber.invalid",
    ]);
    expect(wrong.violations[3]?.message).toBe(
      "This VAT number does not fit the format of the country (France). Example: FRXX123456789",
    );
  });
});
