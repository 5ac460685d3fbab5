import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const FORM = "/form/customer";

type Address = Record<string, unknown>;
interface Payload {
  [key: string]: unknown;
  relationships: {
    default_contact: Record<string, unknown>;
    billing_address: Address;
    shipping_address?: Address;
  };
}

/** A German spa's application as the storefront's wizard sends it. */
function emea(
  email: string,
  companyName: string,
  evaluation: Record<string, unknown> = {},
): Payload {
  const address: Address = {
    country: "DE",
    street: "  Hauptstraße 1 ",
    street2: "Hinterhaus",
    company: companyName,
    post_code: "10115",
    town: "Berlin",
    state: "",
    neighborhood: "",
    phone_number: "+49 30 123456",
    name: "Anna",
    surname: "Schmidt",
    email,
  };
  return {
    companyName: ` ${companyName} `,
    customerType: "professional-spa-and-clinic",
    corporateRegistrationNumber: "",
    taxNumber: "DE123456789",
    jobTitle: "Owner",
    relationships: {
      default_contact: {
        name: " Anna ",
        surname: "Schmidt",
        email,
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
      web_url: "",
      online_shops_count: "",
      stores_count: "",
      trading_countries: ["DE", "AT"],
      already_have_product_in_stock: "NO",
      supplier_name: "",
      retail_beauty_market_share: "5-10%",
      skincare_market_share: "",
      ...evaluation,
    }),
    termsAccepted: true,
  };
}

/** A Texan drugstore chain: registration number and state instead of a VAT number. */
function us(email: string, companyName: string): Payload {
  const p = emea(email, companyName, {
    type_of_business: "b2b",
    company_status: "startup",
    business_model: "drugstore",
    stores_count: "14",
  });
  p.customerType = "drugstore";
  // Typed before the country was switched: not asked in the US, so not kept.
  p.taxNumber = "DE999999999";
  p.corporateRegistrationNumber = "EIN 12-3456789";
  const address = {
    ...p.relationships.billing_address,
    country: "US",
    street: "100 Congress Ave",
    post_code: "78701",
    town: "Austin",
    state: "TX",
  };
  p.relationships.billing_address = { ...address };
  p.relationships.shipping_address = { ...address };
  return p;
}

describe.each(backends)("partner registration on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const apply = (body: unknown, headers: Record<string, string> = {}) =>
    t.request("POST", FORM, { body, headers });
  const application = (email: string) =>
    t.db
      .selectFrom("partner_applications")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  /** The single violation of a refused application. */
  async function violation(body: unknown) {
    const problem = await t.refused(422, () => apply(body));
    expect(problem.violations).toHaveLength(1);
    return problem.violations![0]!;
  }

  it("takes an EMEA company's application, stores it trimmed, mails the contact and audits it", async () => {
    const email = "anna@schoen-spa.example";
    const res = await apply(emea(email, "Schön Spa GmbH"));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: "Thank you! Your details are being verified. Instructions will follow by e-mail.",
    });
    const row = await application(email);
    expect(row).toMatchObject({
      status: "pending",
      email,
      company_name: "Schön Spa GmbH",
      country_code: "DE",
      company_id: null,
    });
    const payload = row!.payload as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(payload.companyName).toBe("Schön Spa GmbH");
    expect(payload.taxNumber).toBe("DE123456789");
    expect(payload.corporateRegistrationNumber).toBeNull();
    expect(payload.relationships.default_contact).toEqual({
      name: "Anna",
      surname: "Schmidt",
      email,
      phone: "+49 30 123456",
      type: "primary",
    });
    expect(payload.relationships.billing_address).toMatchObject({
      country: "DE",
      street: "Hauptstraße 1",
      street2: "Hinterhaus",
      post_code: "10115",
      town: "Berlin",
      state: null,
      neighborhood: null,
    });
    // The evaluation stays a JSON string, as the storefront sends it (and as the seed has it).
    expect(typeof payload.evaluation).toBe("string");
    expect(JSON.parse(payload.evaluation)).toEqual({
      type_of_business: "b2c",
      company_status: "existing",
      business_model: "professional-spa-and-clinic",
      trading_countries: ["DE", "AT"],
      already_have_product_in_stock: "NO",
      retail_beauty_market_share: "5-10%",
    });

    const mail = await t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", email)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      kind: "registration_received",
      status: "pending",
      subject: "Your partner application at Lumé Atelier",
    });
    expect(mail.text_body).toContain("Hello Anna,");
    expect(mail.text_body).toContain("Your details are being verified.");
    expect(mail.text_body).toContain("Instructions will follow by e-mail.");

    const audit = await t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_type", "=", "partner_application")
      .where("entity_id", "=", String(row!.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_type: "system",
      actor_id: null,
      company_id: null,
      action: "create",
    });
    expect(audit[0]!.after).toMatchObject({
      status: "pending",
      email,
      companyName: "Schön Spa GmbH",
      countryCode: "DE",
    });
  });

  it("asks an EMEA company for its VAT number", async () => {
    const p = emea("vat@missing.example", "Missing VAT Ltd");
    p.taxNumber = "  ";
    expect(await violation(p)).toEqual({
      propertyPath: "taxNumber",
      message: "The VAT number is required for companies in Europe, the Middle East and Africa.",
      code: "partnerRegistration.vatNumberRequired",
    });
  });

  it("refuses a postcode, phone or VAT number that does not fit the country, in the caller's language (issue 30)", async () => {
    const p = emea("fits@country.example", "Fits Country GmbH");
    p.relationships.default_contact.phone = "+49 30 ANRUF";
    p.relationships.billing_address.post_code = "1234";
    p.taxNumber = "DE123";
    const problem = await t.refused(422, () => apply(p, { "accept-language": "de" }));
    expect(problem.violations).toEqual([
      {
        propertyPath: "relationships.default_contact.phone",
        message:
          "Bitte geben Sie eine Telefonnummer nur aus Ziffern ein (ein führendes +, Leerzeichen, Bindestriche und Klammern sind erlaubt).",
        code: "address.phoneInvalid",
      },
      {
        propertyPath: "relationships.billing_address.post_code",
        message: "Diese Postleitzahl passt nicht zum Land (Deutschland). Beispiel: 10115",
        code: "address.postcodeInvalid",
      },
      {
        propertyPath: "taxNumber",
        message:
          "Diese USt-IdNr. passt nicht zum Format des Landes (Deutschland). Beispiel: DE123456789",
        code: "vatNumber.invalid",
      },
    ]);
    expect(await application("fits@country.example")).toBeUndefined();
    // A British postcode in an Austrian address; letters in the address's phone.
    const at = emea("fits2@country.example", "Fits Zwei GmbH");
    at.relationships.billing_address = {
      ...at.relationships.billing_address,
      country: "AT",
      post_code: "SW1A 1AA",
      phone_number: "0043 1 CALL",
    };
    at.taxNumber = "ATU12345678";
    const atProblem = await t.refused(422, () => apply(at));
    expect(atProblem.violations!.map((v) => `${v.propertyPath} ${v.code}`)).toEqual([
      "relationships.billing_address.post_code address.postcodeInvalid",
      "relationships.billing_address.phone_number address.phoneInvalid",
    ]);
    // Corrected, the application goes in; the VAT number kept as typed.
    at.relationships.billing_address = {
      ...at.relationships.billing_address,
      post_code: "1010",
      phone_number: "+43 1 234567",
    };
    at.taxNumber = "ATU 1234 5678";
    expect((await apply(at)).status).toBe(201);
    expect(
      ((await application("fits2@country.example"))!.payload as { taxNumber: string }).taxNumber,
    ).toBe("ATU 1234 5678");
  });

  it("takes a US company's application with its registration number and state", async () => {
    const email = "owner@texas-drug.example";
    const res = await apply(us(email, "Texas Drug Co."));
    expect(res.status).toBe(201);
    const row = await application(email);
    expect(row).toMatchObject({ country_code: "US", company_name: "Texas Drug Co." });
    const payload = row!.payload as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(payload.corporateRegistrationNumber).toBe("EIN 12-3456789");
    expect(payload.taxNumber).toBeNull();
    expect(payload.customerType).toBe("drugstore");
    expect(payload.relationships.billing_address.state).toBe("US-TX");
    expect(JSON.parse(payload.evaluation)).toMatchObject({
      business_model: "drugstore",
      stores_count: 14,
    });
  });

  it("asks a US or Canadian company for its registration number and a state of its country", async () => {
    const p = us("reg@missing.example", "Missing Reg Inc.");
    p.corporateRegistrationNumber = null;
    p.relationships.billing_address.state = "";
    const problem = await t.refused(422, () => apply(p));
    expect(problem.violations!.map((v) => [v.propertyPath, v.message])).toEqual([
      ["relationships.billing_address.state", "Please choose a state or province."],
      [
        "corporateRegistrationNumber",
        "The company registration number is required for companies in the United States and Canada.",
      ],
    ]);
    p.corporateRegistrationNumber = "123";
    p.relationships.billing_address.state = "ON"; // a Canadian province
    expect(await violation(p)).toMatchObject({
      propertyPath: "relationships.billing_address.state",
      code: "address.provinceUnknown",
    });
    p.relationships.billing_address.country = "CA";
    p.relationships.shipping_address!.country = "CA";
    p.relationships.shipping_address!.state = "QC";
    p.corporateRegistrationNumber = "";
    expect(await violation(p)).toMatchObject({
      propertyPath: "corporateRegistrationNumber",
      code: "partnerRegistration.registrationNumberRequired",
    });
    p.corporateRegistrationNumber = "BN 123456789";
    expect((await apply(p)).status).toBe(201);
  });

  it("applies each rule of the wizard, with the spec's wording where it has one", async () => {
    const n = { i: 0 };
    const fresh = (evaluation: Record<string, unknown> = {}) => {
      n.i++;
      return emea(`rule${n.i}@rules.example`, `Rule Company ${n.i}`, evaluation);
    };
    const cases: [string, (p: Payload) => void, string, string][] = [
      [
        "terms",
        (p) => (p.termsAccepted = false),
        "termsAccepted",
        "You must accept the terms and conditions",
      ],
      [
        "business model",
        (p) => {
          p.evaluation = JSON.stringify({ type_of_business: "b2b", company_status: "existing" });
          delete p.customerType;
        },
        "evaluation.business_model",
        "Business model is required",
      ],
      [
        "contact e-mail",
        (p) => (p.relationships.default_contact.email = "anna(at)example"),
        "relationships.default_contact.email",
        "Please enter a valid email.",
      ],
      [
        "contact name",
        (p) => (p.relationships.default_contact.name = "A"),
        "relationships.default_contact.name",
        "Minimum 2 characters.",
      ],
      [
        "phone",
        (p) => delete p.relationships.default_contact.phone,
        "relationships.default_contact.phone",
        "This value should not be blank.",
      ],
      ["company name", (p) => (p.companyName = " X "), "companyName", "Minimum 2 characters."],
      [
        "street",
        (p) => (p.relationships.billing_address.street = "A"),
        "relationships.billing_address.street",
        "Minimum 2 characters.",
      ],
      [
        "town",
        (p) => (p.relationships.billing_address.town = ""),
        "relationships.billing_address.town",
        "This value should not be blank.",
      ],
      [
        "postcode",
        (p) => (p.relationships.billing_address.post_code = null),
        "relationships.billing_address.post_code",
        "This value should not be blank.",
      ],
      [
        "billing country",
        (p) => (p.relationships.billing_address.country = "ZZ"),
        "relationships.billing_address.country",
        "This country is not available.",
      ],
      [
        "company status",
        (p) =>
          (p.evaluation = JSON.stringify({
            type_of_business: "b2c",
            company_status: "closing",
            business_model: "professional-spa-and-clinic",
          })),
        "evaluation.company_status",
        "Please choose one of: existing, startup.",
      ],
    ];
    for (const [name, change, path, message] of cases) {
      const p = fresh();
      change(p);
      const v = await violation(p);
      expect([name, v.propertyPath, v.message]).toEqual([name, path, message]);
    }

    const model = (
      business_model: string,
      extra: Record<string, unknown>,
      path: string,
      code: string,
    ) => ({ business_model, extra, path, code });
    for (const c of [
      model("online-shop-own", {}, "evaluation.web_url", "field.required"),
      model(
        "online-shop-own",
        { web_url: "myshop" },
        "evaluation.web_url",
        "partnerRegistration.url",
      ),
      model("drugstore", {}, "evaluation.stores_count", "field.required"),
      model(
        "drugstore",
        { stores_count: -2 },
        "evaluation.stores_count",
        "partnerRegistration.count",
      ),
      model("omnichannel", { stores_count: 3 }, "evaluation.online_shops_count", "field.required"),
      model(
        "professional-spa-and-clinic",
        { already_have_product_in_stock: "YES" },
        "evaluation.supplier_name",
        "field.required",
      ),
      model(
        "individual-entrepreneur",
        { "already_have_sonic-brush_in_stock": "YES" },
        "evaluation.supplier_name",
        "field.required",
      ),
    ]) {
      const p = fresh({ business_model: c.business_model, ...c.extra });
      p.customerType = c.business_model;
      const v = await violation(p);
      expect([c.business_model, v.propertyPath, v.code]).toEqual([
        c.business_model,
        c.path,
        c.code,
      ]);
    }

    // And each conditional question, answered, is accepted.
    for (const [business_model, extra] of [
      ["online-shop-own", { web_url: "https://shop.example" }],
      ["drugstore", { stores_count: 0 }],
      ["omnichannel", { stores_count: "2", online_shops_count: 3 }],
      ["individual-entrepreneur", { already_have_product_in_stock: "YES", supplier_name: "Acme" }],
    ] as const) {
      const p = fresh({ business_model, ...extra });
      p.customerType = business_model;
      const res = await apply(p);
      expect([business_model, res.status]).toEqual([business_model, 201]);
    }
  });

  it("refuses duplicates with 409: an existing user, a pending application, an existing company", async () => {
    let problem = await t.refused(409, () => apply(emea(USERS.spaBuyer, "Brand New GmbH")));
    expect(problem.type).toBe("/problems/duplicate-registration");
    expect(problem.detail).toContain("already has an account");
    expect(problem.violations?.[0]?.propertyPath).toBe("relationships.default_contact.email");

    // The seeded application awaiting review, written differently.
    problem = await t.refused(409, () =>
      apply(emea("Owner@Glow-Studio.example", "Glow Again SARL")),
    );
    expect(problem.detail).toBe(
      "An application with this e-mail address is already being verified. Instructions will follow by e-mail.",
    );

    problem = await t.refused(409, () => apply(emea("someone@else.example", "demo spa gmbh")));
    expect(problem.detail).toBe(
      "A company with this name is already a partner. Please contact us at partners@lume-atelier.example to be added to its account.",
    );
    expect(problem.violations?.[0]?.propertyPath).toBe("companyName");

    // An application submitted twice.
    expect((await apply(emea("twice@again.example", "Twice Ltd"))).status).toBe(201);
    await t.refused(409, () => apply(emea("TWICE@again.example", "Twice Ltd")));
  });

  it("takes the application of an address that is only a pending invitation of another company", async () => {
    // Demo Spa invited this address; nobody registered with it (migration 0014).
    const res = await apply(emea("New.Colleague@demo-spa.example", "Invitee Own Studio GmbH"));
    expect(res.status, res.raw).toBe(201);
  });

  it("lets only one of two simultaneous identical applications in", async () => {
    const p = emea("race@apply.example", "Race Ltd");
    const results = await Promise.all([apply(p), apply(p)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await t.db
      .selectFrom("partner_applications")
      .select("id")
      .where("email", "=", "race@apply.example")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("answers in the caller's language", async () => {
    const res = await apply(emea("klaus@sprache.example", "Sprache GmbH"), {
      "accept-language": "de-DE,de;q=0.9",
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      "Vielen Dank! Ihre Angaben werden geprüft. Die weiteren Schritte erhalten Sie per E-Mail.",
    );
    // The application keeps its language: the approval mail is written in it.
    expect((await application("klaus@sprache.example"))?.language).toBe("de");
    const p = emea("klaus2@sprache.example", "Sprache Zwei GmbH");
    p.termsAccepted = false;
    const problem = await t.refused(422, () => apply(p, { "accept-language": "de" }));
    expect(problem.detail).toBe("Sie müssen die Allgemeinen Geschäftsbedingungen akzeptieren");
  });

  it("refuses malformed input without changing anything", async () => {
    const base = () => emea("bad@input.example", "Bad Input Ltd");
    const bodies: unknown[] = [
      {},
      [],
      [base()],
      { ...base(), unexpected: 1 },
      { ...base(), companyName: 42 },
      { ...base(), companyName: "x".repeat(300) },
      { ...base(), termsAccepted: "yes" },
      { ...base(), relationships: null },
      { ...base(), relationships: "contact" },
      { ...base(), evaluation: { business_model: "drugstore" } },
      { ...base(), evaluation: "not json" },
      { ...base(), evaluation: "null" },
      { ...base(), evaluation: "x".repeat(30_000) },
    ];
    for (const body of bodies) await t.refused(422, () => apply(body));
    const p = base();
    p.relationships.billing_address.zip = "10115";
    await t.refused(422, () => apply(p));
    const q = base();
    q.relationships.shipping_address = { country: "DE" };
    await t.refused(422, () => apply(q));
    await t.refused(400, () =>
      t.request("POST", FORM, { body: "{", headers: { "content-type": "application/json" } }),
    );
    await t.refused(415, () =>
      t.request("POST", FORM, { body: "a=b", headers: { "content-type": "text/plain" } }),
    );
    // A bad bearer token is refused even on this public form.
    await t.refused(401, () => t.request("POST", FORM, { body: base(), token: "garbage" }));
  });
});
