import { describe, expect, it } from "vitest";
import {
  isWebUrl,
  needsRegistrationNumber,
  needsVatNumber,
  questionsFor,
  readRegistration,
  type CountryFacts,
} from "../../rules/registration.js";

const countries = new Map<string, CountryFacts>([
  ["DE", { code: "DE", emea: true, provinces: [] }],
  ["FR", { code: "FR", emea: true, provinces: [] }],
  ["CH", { code: "CH", emea: true, provinces: [] }],
  ["JP", { code: "JP", emea: false, provinces: [] }],
  [
    "US",
    {
      code: "US",
      emea: false,
      provinces: [
        { code: "US-NY", name: "New York" },
        { code: "US-CA", name: "California" },
      ],
    },
  ],
  ["CA", { code: "CA", emea: false, provinces: [{ code: "CA-ON", name: "Ontario" }] }],
]);

type Payload = Record<string, unknown> & {
  relationships: Record<string, Record<string, unknown>>;
};

/** A valid application of a German spa; `evaluation` given as an object for easy edits. */
function payload(
  over: Record<string, unknown> = {},
  evaluation: Record<string, unknown> = {},
): Payload {
  const address = {
    country: "DE",
    street: "Hauptstraße 1",
    street2: "",
    company: "Schön Spa GmbH",
    post_code: "10115",
    town: "Berlin",
    state: "",
    neighborhood: "",
    phone_number: "+49 30 123456",
    name: "Anna",
    surname: "Schmidt",
    email: "anna@schoen-spa.example",
  };
  return {
    companyName: "Schön Spa GmbH",
    customerType: "professional-spa-and-clinic",
    corporateRegistrationNumber: "",
    taxNumber: "DE123456789",
    jobTitle: "Owner",
    relationships: {
      default_contact: {
        name: "Anna",
        surname: "Schmidt",
        email: "anna@schoen-spa.example",
        phone: "+49 30 123456",
        type: "primary",
      },
      billing_address: { ...address },
      shipping_address: { ...address },
    },
    evaluation: JSON.stringify({
      type_of_business: "b2c",
      company_status: "existing",
      business_model: "professional-spa-and-clinic",
      trading_countries: ["DE"],
      already_have_product_in_stock: "NO",
      ...evaluation,
    }),
    termsAccepted: true,
    ...over,
  };
}

function withAddress(p: Payload, changes: Record<string, unknown>): Payload {
  p.relationships.billing_address = { ...p.relationships.billing_address, ...changes };
  return p;
}

function paths(raw: unknown) {
  const result = readRegistration(raw, countries);
  return result.violations.map((v) => `${v.propertyPath}:${v.message}`);
}

function valid(raw: unknown) {
  const result = readRegistration(raw, countries);
  if (!("registration" in result)) throw new Error(JSON.stringify(result.violations));
  return result.registration;
}

describe("partner registration rules", () => {
  it("accepts a complete EMEA application and trims every text", () => {
    const p = payload({ companyName: "  Schön Spa GmbH  " });
    p.relationships.default_contact!.email = " anna@schoen-spa.example ";
    const reg = valid(p);
    expect(reg.companyName).toBe("Schön Spa GmbH");
    expect(reg.relationships.default_contact).toEqual({
      name: "Anna",
      surname: "Schmidt",
      email: "anna@schoen-spa.example",
      phone: "+49 30 123456",
      type: "primary",
    });
    expect(reg.relationships.billing_address).toMatchObject({
      country: "DE",
      street2: null,
      state: null,
    });
    expect(reg.corporateRegistrationNumber).toBeNull();
    expect(reg.evaluation).toEqual({
      type_of_business: "b2c",
      company_status: "existing",
      business_model: "professional-spa-and-clinic",
      trading_countries: ["DE"],
      already_have_product_in_stock: "NO",
    });
  });

  it("asks the VAT number of EMEA countries only", () => {
    expect(paths(payload({ taxNumber: "" }))).toEqual([
      "taxNumber:partnerRegistration.vatNumberRequired",
    ]);
    const jp = withAddress(payload({ taxNumber: null }), { country: "JP" });
    expect(paths(jp)).toEqual([]);
    // A number the form does not ask for in that country is not kept.
    const kept = valid(withAddress(payload({ corporateRegistrationNumber: "HRB 1" }), {}));
    expect(kept).toMatchObject({ taxNumber: "DE123456789", corporateRegistrationNumber: null });
    const jpWithVat = valid(withAddress(payload({ taxNumber: "DE123" }), { country: "JP" }));
    expect(jpWithVat.taxNumber).toBeNull();
  });

  it("asks the registration number and a state of the country in the US and Canada", () => {
    const us = withAddress(payload({ taxNumber: null, corporateRegistrationNumber: "" }), {
      country: "us",
      state: "",
    });
    delete us.relationships.shipping_address;
    expect(paths(us)).toEqual([
      "relationships.billing_address.state:address.provinceRequired",
      "corporateRegistrationNumber:partnerRegistration.registrationNumberRequired",
    ]);
    us.corporateRegistrationNumber = "EIN 12-3456789";
    us.relationships.billing_address!.state = "TX";
    expect(paths(us)).toEqual(["relationships.billing_address.state:address.provinceUnknown"]);
    us.relationships.billing_address!.state = "ny";
    const reg = valid(us);
    expect(reg.relationships.billing_address.state).toBe("US-NY");
    expect(reg.relationships.billing_address.country).toBe("US");
    us.relationships.billing_address!.state = "US-CA";
    expect(valid(us).relationships.billing_address.state).toBe("US-CA");
    const ca = withAddress(payload({ taxNumber: null, corporateRegistrationNumber: "BN1" }), {
      country: "CA",
      state: "ON",
    });
    delete ca.relationships.shipping_address;
    expect(valid(ca).relationships.billing_address.state).toBe("CA-ON");
    expect(needsRegistrationNumber("CA")).toBe(true);
    expect(needsRegistrationNumber("DE")).toBe(false);
    expect(needsVatNumber(countries.get("DE")!)).toBe(true);
  });

  it("checks the contact: valid e-mail, names of at least 2, a phone", () => {
    const p = payload();
    p.relationships.default_contact = { name: "A", surname: " ", email: "not-mail", phone: "" };
    expect(paths(p)).toEqual([
      "relationships.default_contact.name:field.tooShort",
      "relationships.default_contact.surname:field.required",
      "relationships.default_contact.email:field.email",
      "relationships.default_contact.phone:field.required",
    ]);
    p.relationships.default_contact = {
      name: "Anna",
      surname: "Schmidt",
      email: "a@b.example",
      phone: "+49 30 123456",
      type: "secondary",
    };
    expect(paths(p)).toEqual([
      "relationships.default_contact.type:partnerRegistration.invalidChoice",
    ]);
  });

  it("checks the company and the address: name and street min 2, town and postcode, a known country", () => {
    expect(paths(payload({ companyName: "X" }))).toEqual(["companyName:field.tooShort"]);
    const p = withAddress(payload(), { street: "a", town: "", post_code: null, country: "XX" });
    expect(paths(p)).toEqual([
      "relationships.billing_address.country:address.countryUnknown",
      "relationships.billing_address.street:field.tooShort",
      "relationships.billing_address.post_code:field.required",
      "relationships.billing_address.town:field.required",
    ]);
    const noBilling = payload();
    delete noBilling.relationships.billing_address;
    expect(paths(noBilling)).toEqual([
      "relationships.billing_address.country:field.required",
      "relationships.billing_address.street:field.required",
      "relationships.billing_address.post_code:field.required",
      "relationships.billing_address.town:field.required",
    ]);
  });

  it("requires the evaluation answers with the spec's wording for the business model", () => {
    const p = payload({ evaluation: JSON.stringify({}) });
    expect(paths(p)).toEqual([
      "evaluation.type_of_business:field.required",
      "evaluation.company_status:field.required",
      "evaluation.business_model:partnerRegistration.businessModelRequired",
    ]);
    expect(paths(payload({}, { type_of_business: "b2x", company_status: "old" }))).toEqual([
      "evaluation.type_of_business:partnerRegistration.invalidChoice",
      "evaluation.company_status:partnerRegistration.invalidChoice",
    ]);
    expect(paths(payload({ evaluation: "{not json" }))).toEqual([
      "evaluation:partnerRegistration.evaluationInvalid",
    ]);
    expect(paths(payload({ evaluation: "[1]" }))).toEqual([
      "evaluation:partnerRegistration.evaluationInvalid",
    ]);
    expect(paths(payload({ evaluation: { business_model: "drugstore" } }))).toEqual([
      "evaluation:field.type",
    ]);
    expect(paths(payload({}, { favourite_colour: "blue" }))).toEqual([
      "evaluation.favourite_colour:field.unknown",
    ]);
  });

  it("asks a web shop URL of own online shops, and it must be http(s)", () => {
    const model = { business_model: "online-shop-own" };
    const base = { customerType: "online-shop-own" };
    expect(paths(payload(base, model))).toEqual(["evaluation.web_url:field.required"]);
    for (const bad of ["shop.example", "ftp://shop.example", "javascript:alert(1)", "https://x"]) {
      expect(paths(payload(base, { ...model, web_url: bad }))).toEqual([
        "evaluation.web_url:partnerRegistration.url",
      ]);
    }
    const reg = valid(payload(base, { ...model, web_url: " https://shop.example/de " }));
    expect(reg.evaluation.web_url).toBe("https://shop.example/de");
    expect(isWebUrl("http://a.example")).toBe(true);
  });

  it("asks the stores count of drugstores and omnichannel, and online shops of omnichannel", () => {
    expect(questionsFor("drugstore")).toEqual({
      webUrl: false,
      storesCount: true,
      onlineShopsCount: false,
    });
    const drug = { customerType: "drugstore" };
    expect(paths(payload(drug, { business_model: "drugstore" }))).toEqual([
      "evaluation.stores_count:field.required",
    ]);
    for (const bad of [-1, 1.5, "two", "1e3", true]) {
      expect(paths(payload(drug, { business_model: "drugstore", stores_count: bad }))).toEqual([
        "evaluation.stores_count:partnerRegistration.count",
      ]);
    }
    expect(
      valid(payload(drug, { business_model: "drugstore", stores_count: " 12 " })).evaluation
        .stores_count,
    ).toBe(12);
    expect(
      valid(payload(drug, { business_model: "drugstore", stores_count: 0 })).evaluation
        .stores_count,
    ).toBe(0);
    const omni = { customerType: "omnichannel" };
    expect(paths(payload(omni, { business_model: "omnichannel" }))).toEqual([
      "evaluation.stores_count:field.required",
      "evaluation.online_shops_count:field.required",
    ]);
    const reg = valid(
      payload(omni, { business_model: "omnichannel", stores_count: 3, online_shops_count: "2" }),
    );
    expect(reg.evaluation).toMatchObject({ stores_count: 3, online_shops_count: 2 });
  });

  it("asks the supplier when products are already in stock, under any product key", () => {
    expect(paths(payload({}, { already_have_product_in_stock: "YES" }))).toEqual([
      "evaluation.supplier_name:field.required",
    ]);
    expect(
      paths(
        payload(
          {},
          { already_have_product_in_stock: "NO", "already_have_sonic-brush_in_stock": "yes" },
        ),
      ),
    ).toEqual(["evaluation.supplier_name:field.required"]);
    const reg = valid(
      payload({}, { already_have_luna_in_stock: "yes", supplier_name: " Beauty Wholesale " }),
    );
    expect(reg.evaluation).toMatchObject({
      already_have_luna_in_stock: "YES",
      supplier_name: "Beauty Wholesale",
    });
    expect(paths(payload({}, { already_have_product_in_stock: "maybe" }))).toEqual([
      "evaluation.already_have_product_in_stock:partnerRegistration.invalidChoice",
    ]);
  });

  it("requires the terms, a matching customer type, and refuses unknown fields", () => {
    expect(paths(payload({ termsAccepted: false }))).toEqual([
      "termsAccepted:partnerRegistration.termsRequired",
    ]);
    expect(paths(payload({ termsAccepted: "true" }))).toEqual([
      "termsAccepted:partnerRegistration.termsRequired",
    ]);
    expect(paths(payload({ customerType: "drugstore" }))).toEqual([
      "customerType:partnerRegistration.customerTypeMismatch",
    ]);
    expect(valid(payload({ customerType: undefined })).customerType).toBe(
      "professional-spa-and-clinic",
    );
    expect(paths(payload({ extra: 1 }))).toEqual(["extra:field.unknown"]);
    const p = payload();
    p.relationships.billing_address!.zip = "1";
    expect(paths(p)).toEqual(["relationships.billing_address.zip:field.unknown"]);
  });

  it("reports wrong types and sizes instead of failing", () => {
    expect(paths([])).toEqual([":field.type"]);
    expect(paths("x")).toEqual([":field.type"]);
    expect(paths(payload({ relationships: "x" }))).toEqual(["relationships:field.type"]);
    expect(paths(payload({ companyName: 42 }))).toEqual(["companyName:field.type"]);
    expect(paths(payload({ companyName: "x".repeat(256) }))).toEqual(["companyName:field.tooLong"]);
    expect(paths(payload({}, { trading_countries: [1] }))).toEqual([
      "evaluation.trading_countries:field.type",
    ]);
    expect(paths(payload({ evaluation: "x".repeat(20_001) }))).toEqual([
      "evaluation:field.tooLong",
    ]);
    // Everything wrong at once: every violation is reported, nothing throws.
    expect(paths({}).length).toBeGreaterThan(10);
  });
});

describe("partner registration: what is kept and what is refused (mutation run)", () => {
  /** The violations with their params, to see the bounds and types they name. */
  const full = (raw: unknown) => readRegistration(raw, countries).violations;

  it("keeps the optional answers of the evaluation, texts trimmed, and leaves out the ones not given", () => {
    const reg = valid(
      payload(
        { customerType: "online-shop-own" },
        {
          business_model: "online-shop-own",
          web_url: "https://shop.example",
          trading_countries: [" DE ", "Austria"],
          retail_beauty_market_share: 12.5,
          skincare_market_share: " 30 % ",
        },
      ),
    );
    expect(reg.evaluation).toEqual({
      type_of_business: "b2c",
      company_status: "existing",
      business_model: "online-shop-own",
      web_url: "https://shop.example",
      trading_countries: ["DE", "Austria"],
      already_have_product_in_stock: "NO",
      retail_beauty_market_share: 12.5,
      skincare_market_share: "30 %",
    });
    const bare = valid(payload({}, { trading_countries: " Europe and the Gulf " })).evaluation;
    expect(bare.trading_countries).toBe("Europe and the Gulf");
    const none = valid(payload({}, { trading_countries: null })).evaluation;
    expect(Object.keys(none).sort()).toEqual([
      "already_have_product_in_stock",
      "business_model",
      "company_status",
      "type_of_business",
    ]);
  });

  it("refuses trading countries that are no list of short names, and shares that are no number", () => {
    for (const bad of [
      { DE: true },
      ["DE", ""],
      ["DE", "  "],
      ["DE", 7],
      ["x".repeat(101)],
      Array.from({ length: 301 }, () => "DE"),
    ])
      expect(full(payload({}, { trading_countries: bad }))).toEqual([
        {
          propertyPath: "evaluation.trading_countries",
          message: "field.type",
          params: { type: "string[]" },
        },
      ]);
    expect(
      valid(payload({}, { trading_countries: ["x".repeat(100)] })).evaluation.trading_countries,
    ).toEqual(["x".repeat(100)]);
    expect(
      valid(payload({}, { trading_countries: Array.from({ length: 300 }, () => "DE") })).evaluation
        .trading_countries,
    ).toHaveLength(300);
    expect(full(payload({}, { trading_countries: "x".repeat(1001) }))).toEqual([
      {
        propertyPath: "evaluation.trading_countries",
        message: "field.tooLong",
        params: { max: 1000 },
      },
    ]);
    expect(full(payload({}, { retail_beauty_market_share: Number.POSITIVE_INFINITY }))).toEqual([]);
  });

  it("reads the evaluation only as a JSON object in a text of at most 20,000 characters", () => {
    const invalid = [
      { propertyPath: "evaluation", message: "partnerRegistration.evaluationInvalid" },
    ];
    for (const bad of ["[]", "null", "5", '"text"', "{bad"])
      expect(full(payload({ evaluation: bad })), bad).toEqual(invalid);
    expect(full(payload({ evaluation: { type_of_business: "b2c" } }))).toEqual([
      { propertyPath: "evaluation", message: "field.type", params: { type: "string" } },
    ]);
    expect(full(payload({ evaluation: `${" ".repeat(20_000)}{}` }))).toEqual([
      { propertyPath: "evaluation", message: "field.tooLong", params: { max: 20_000 } },
    ]);
    // Blank, absent or null: an empty evaluation, whose required answers are then missing.
    const missing = [
      "evaluation.type_of_business:field.required",
      "evaluation.company_status:field.required",
      "evaluation.business_model:partnerRegistration.businessModelRequired",
    ];
    for (const empty of ["   ", undefined, null])
      expect(paths(payload({ evaluation: empty })), String(empty)).toEqual(missing);
    const padded = JSON.stringify({
      type_of_business: "b2c",
      company_status: "existing",
      business_model: "professional-spa-and-clinic",
    });
    expect(valid(payload({ evaluation: ` ${padded} ` })).evaluation.business_model).toBe(
      "professional-spa-and-clinic",
    );
  });

  it("keeps a shipping address with every field, or none when it is left blank", () => {
    const p = payload();
    p.relationships.shipping_address = {
      country: "us",
      street: "5th Avenue 1",
      street2: " Floor 3 ",
      company: " Schön Spa Inc. ",
      post_code: "10001",
      town: "New York",
      state: "ny",
      neighborhood: " Midtown ",
      phone_number: " +1 212 555 0100 ",
      name: " Bea ",
      surname: " Stone ",
      email: " bea@schoen-spa.example ",
    };
    expect(valid(p).relationships.shipping_address).toEqual({
      country: "US",
      street: "5th Avenue 1",
      street2: "Floor 3",
      company: "Schön Spa Inc.",
      post_code: "10001",
      town: "New York",
      state: "US-NY",
      neighborhood: "Midtown",
      phone_number: "+1 212 555 0100",
      name: "Bea",
      surname: "Stone",
      email: "bea@schoen-spa.example",
    });
    const blank = payload();
    delete (blank.relationships as Record<string, unknown>).shipping_address;
    expect(valid(blank).relationships.shipping_address).toBeNull();
    const wrong = payload();
    wrong.relationships.shipping_address = {
      ...wrong.relationships.shipping_address,
      email: "bea at example",
      phone_number: "1".repeat(41),
      state: "x".repeat(41),
    };
    expect(full(wrong)).toEqual([
      {
        propertyPath: "relationships.shipping_address.state",
        message: "field.tooLong",
        params: { max: 40 },
      },
      {
        propertyPath: "relationships.shipping_address.phone_number",
        message: "field.tooLong",
        params: { max: 40 },
      },
      { propertyPath: "relationships.shipping_address.email", message: "field.email" },
    ]);
  });

  it("keeps the job title and the company numbers only where they are asked", () => {
    const reg = valid(payload({ jobTitle: " Buyer " }));
    expect(reg.jobTitle).toBe("Buyer");
    expect(reg.termsAccepted).toBe(true);
    expect(valid(payload({ jobTitle: "" })).jobTitle).toBeNull();
    expect(valid(payload({ jobTitle: undefined })).jobTitle).toBeNull();
  });

  it("refuses a contact with any part missing, and an e-mail with a space before or after", () => {
    for (const part of ["name", "surname", "email", "phone"]) {
      const p = payload();
      delete p.relationships.default_contact![part];
      expect(paths(p), part).toEqual([`relationships.default_contact.${part}:field.required`]);
    }
    for (const email of ["anna x@schoen-spa.example", "anna@schoen-spa.example x"]) {
      const p = payload();
      p.relationships.default_contact!.email = email;
      expect(paths(p), email).toEqual(["relationships.default_contact.email:field.email"]);
    }
  });
});

describe("partner registration: boundaries and what a refusal says (mutation run, second)", () => {
  const violations = (raw: unknown) => readRegistration(raw, countries).violations;

  it("names the type it expected when a part is of another type", () => {
    expect(violations(payload({ relationships: "x" }))).toEqual([
      { propertyPath: "relationships", message: "field.type", params: { type: "object" } },
    ]);
    expect(violations(payload({ companyName: 42 }))).toEqual([
      { propertyPath: "companyName", message: "field.type", params: { type: "string" } },
    ]);
    // The contact or an address of another type is reported, not read (nothing throws).
    const contact = payload();
    contact.relationships.default_contact = 5 as unknown as Record<string, unknown>;
    expect(paths(contact)).toEqual(["relationships.default_contact:field.type"]);
    const billing = payload();
    billing.relationships.billing_address = [] as unknown as Record<string, unknown>;
    expect(paths(billing)).toEqual(["relationships.billing_address:field.type"]);
    // A state that is no text, in a country with provinces, is that, not a crash.
    const us = withAddress(payload({ taxNumber: null, corporateRegistrationNumber: "12-345" }), {
      country: "US",
      state: 5,
    });
    expect(paths(us)).toEqual(["relationships.billing_address.state:field.type"]);
  });

  it("reads an absent contact as an empty one: each part is required", () => {
    const p = payload();
    delete (p.relationships as Record<string, unknown>).default_contact;
    expect(paths(p)).toEqual([
      "relationships.default_contact.name:field.required",
      "relationships.default_contact.surname:field.required",
      "relationships.default_contact.email:field.required",
      "relationships.default_contact.phone:field.required",
    ]);
    expect(paths(payload({ companyName: "  " }))).toEqual(["companyName:field.required"]);
    // null reads as absent too.
    const empty = payload();
    empty.relationships.default_contact = null as unknown as Record<string, unknown>;
    expect(paths(empty)).toEqual(paths(p));
  });

  it("lists the choices when an answer is not one of them", () => {
    const [violation] = violations(payload({}, { type_of_business: "wholesale" }));
    expect(violation).toEqual({
      propertyPath: "evaluation.type_of_business",
      message: "partnerRegistration.invalidChoice",
      params: { choices: "b2c, b2b" },
    });
  });

  it("takes counts up to a million, and says the largest when refusing", () => {
    const drugstore = (stores_count: unknown) =>
      payload(
        { customerType: "drugstore" },
        { business_model: "drugstore", stores_count, type_of_business: "b2c" },
      );
    expect(valid(drugstore(1_000_000)).evaluation).toMatchObject({ stores_count: 1_000_000 });
    expect(valid(drugstore(" 12 ")).evaluation).toMatchObject({ stores_count: 12 });
    expect(violations(drugstore(1_000_001))).toEqual([
      {
        propertyPath: "evaluation.stores_count",
        message: "partnerRegistration.count",
        params: { max: 1_000_000 },
      },
    ]);
  });

  it("takes a text of exactly the minimum length and an evaluation of exactly 20,000 characters", () => {
    expect(valid(payload({ companyName: "Ab" })).companyName).toBe("Ab");
    expect(paths(payload({ companyName: "A" }))).toEqual(["companyName:field.tooShort"]);
    const evaluation = JSON.stringify({
      type_of_business: "b2c",
      company_status: "existing",
      business_model: "professional-spa-and-clinic",
      trading_countries: ["DE"],
      already_have_product_in_stock: "NO",
    });
    expect(valid(payload({ evaluation: evaluation.padEnd(20_000, " ") })).evaluation).toMatchObject(
      { type_of_business: "b2c" },
    );
  });

  it("keeps the registration number where the country asks it", () => {
    const us = withAddress(payload({ taxNumber: null, corporateRegistrationNumber: " 12-345 " }), {
      country: "US",
      state: "NY",
    });
    expect(valid(us).corporateRegistrationNumber).toBe("12-345");
  });

  it("knows an in-stock question only by its whole key, and keeps only the answers given", () => {
    expect(paths(payload({}, { xalready_have_serum_in_stock: "NO" }))).toEqual([
      "evaluation.xalready_have_serum_in_stock:field.unknown",
    ]);
    expect(paths(payload({}, { already_have_serum_in_stock_now: "NO" }))).toEqual([
      "evaluation.already_have_serum_in_stock_now:field.unknown",
    ]);
    const reg = valid(payload({}, { already_have_serum_in_stock: "" }));
    expect(Object.keys(reg.evaluation)).not.toContain("already_have_serum_in_stock");
  });

  it("judges the customer type only against a valid evaluation", () => {
    expect(paths(payload({}, { business_model: "" }))).toEqual([
      "evaluation.business_model:partnerRegistration.businessModelRequired",
    ]);
    // The customer type differs from the business model, but the evaluation has its own
    // faults: those are reported, the comparison waits for a valid evaluation.
    const other = { customerType: "drugstore" };
    expect(paths(payload(other, { trading_countries: [1] }))).toEqual([
      "evaluation.trading_countries:field.type",
    ]);
    expect(paths(payload(other, { type_of_business: "" }))).toEqual([
      "evaluation.type_of_business:field.required",
    ]);
    expect(paths(payload(other, { company_status: "" }))).toEqual([
      "evaluation.company_status:field.required",
    ]);
    expect(paths(payload(other))).toEqual([
      "customerType:partnerRegistration.customerTypeMismatch",
    ]);
  });

  describe("postcode, phone and VAT number fit the country (issue 30, rules/address.ts)", () => {
    const full = (raw: unknown) => readRegistration(raw, countries).violations;
    it("refuses a postcode that does not fit the billing or shipping country, naming it with an example", () => {
      expect(full(withAddress(payload(), { post_code: "1234" }))).toEqual([
        {
          propertyPath: "relationships.billing_address.post_code",
          message: "address.postcodeInvalid",
          params: { country: "DE", example: "10115" },
        },
      ]);
      const p = payload();
      p.relationships.shipping_address = { ...p.relationships.shipping_address, post_code: "1010" };
      expect(paths(p)).toEqual([
        "relationships.shipping_address.post_code:address.postcodeInvalid",
      ]);
      // Lower-case country codes are read as capitals; the postcode is trimmed first.
      expect(
        valid(withAddress(payload(), { country: "de", post_code: " 80539 " })).relationships
          .billing_address.post_code,
      ).toBe("80539");
    });

    it("judges a postcode only against a known country, and a blank one only as missing", () => {
      expect(paths(withAddress(payload(), { country: "XX", post_code: "1234" }))).toEqual([
        "relationships.billing_address.country:address.countryUnknown",
      ]);
      expect(paths(withAddress(payload(), { post_code: " " }))).toEqual([
        "relationships.billing_address.post_code:field.required",
      ]);
      // A country without a known format takes any postcode.
      const jp = withAddress(payload({ taxNumber: null }), {
        country: "JP",
        post_code: "100-0001",
      });
      expect(valid(jp).relationships.billing_address.post_code).toBe("100-0001");
    });

    it("refuses letters in the contact's phone and in an address's phone; 6 digits are enough", () => {
      const p = payload();
      p.relationships.default_contact!.phone = "+49 30 CALL-ME";
      expect(full(p)).toEqual([
        { propertyPath: "relationships.default_contact.phone", message: "address.phoneInvalid" },
      ]);
      p.relationships.default_contact!.phone = "12345";
      expect(paths(p)).toEqual(["relationships.default_contact.phone:address.phoneInvalid"]);
      p.relationships.default_contact!.phone = " 123456 ";
      expect(valid(p).relationships.default_contact.phone).toBe("123456");
      expect(paths(withAddress(payload(), { phone_number: "030 1234x" }))).toEqual([
        "relationships.billing_address.phone_number:address.phoneInvalid",
      ]);
      expect(
        valid(withAddress(payload(), { phone_number: null })).relationships.billing_address
          .phone_number,
      ).toBeNull();
    });

    it("refuses a VAT number that does not fit the billing country's format, with an example", () => {
      expect(full(payload({ taxNumber: "DE123" }))).toEqual([
        {
          propertyPath: "taxNumber",
          message: "vatNumber.invalid",
          params: { country: "DE", example: "DE123456789" },
        },
      ]);
      expect(
        paths(
          withAddress(payload({ taxNumber: "DE123456789" }), { country: "FR", post_code: "75002" }),
        ),
      ).toEqual(["taxNumber:vatNumber.invalid"]);
      // Spaces, dots and dashes are no part of the number; it is kept as typed (trimmed).
      expect(valid(payload({ taxNumber: " de 123.456-789 " })).taxNumber).toBe("de 123.456-789");
    });

    it("takes any plausible number where the country's format is not known", () => {
      const ch = (taxNumber: string) =>
        withAddress(payload({ taxNumber }), { country: "CH", post_code: "8001" });
      expect(valid(ch("CHE-123.456.789 MWST")).taxNumber).toBe("CHE-123.456.789 MWST");
      expect(full(ch("n/a"))).toEqual([
        { propertyPath: "taxNumber", message: "vatNumber.implausible", params: {} },
      ]);
    });

    it("judges the VAT number only where it is asked", () => {
      // Outside EMEA it is not asked (and not kept); with an unknown country not judged.
      const jp = withAddress(payload({ taxNumber: "n/a" }), { country: "JP" });
      expect(valid(jp).taxNumber).toBeNull();
      expect(paths(withAddress(payload({ taxNumber: "n/a" }), { country: "XX" }))).toEqual([
        "relationships.billing_address.country:address.countryUnknown",
      ]);
    });
  });
});
