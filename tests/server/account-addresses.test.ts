import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const API = "/api/v2/shop";
const MERGE_PATCH = { "content-type": "application/merge-patch+json" };

/** A valid German address for the Demo Spa address book (Germany has no provinces). */
const MUNICH = {
  firstName: "Mia",
  lastName: "Schulz",
  company: "Demo Spa GmbH (Munich)",
  street: "Maximilianstraße 1",
  city: "München",
  postcode: "80539",
  countryCode: "DE",
  phoneNumber: "+49 89 1234567",
  email: "munich@demo-spa.example",
};

describe.each(backends)("account address book API on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function create(body: Record<string, unknown> = MUNICH, as: string = USERS.spaBuyer) {
    const res = await t.request("POST", `${API}/addresses`, { as, body });
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; "@id": string };
  }

  async function audit(entityType: string, entityId: number | string) {
    return t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_type", "=", entityType)
      .where("entity_id", "=", String(entityId))
      .orderBy("id")
      .execute();
  }

  async function defaultShipping(companyId = 1) {
    const row = await t.db
      .selectFrom("companies")
      .select("default_shipping_address_id")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow();
    return row.default_shipping_address_id;
  }

  async function restoreDefaultShipping() {
    const me = await t.userId(USERS.spaAdmin);
    const res = await t.request("PATCH", `${API}/customers/${me}/default-shipping-address`, {
      as: USERS.spaAdmin,
      body: { defaultShippingAddress: `${API}/addresses/2` },
      headers: MERGE_PATCH,
    });
    expect(res.status).toBe(200);
  }

  describe("GET /addresses: the Address book section (account spec 6)", () => {
    it.each([USERS.spaAdmin, USERS.spaBuyer])("lists and shows the book to %s", async (as) => {
      const list = await t.request("GET", `${API}/addresses`, { as });
      expect(list.status).toBe(200);
      const ids = list.body["hydra:member"].map((a: { id: number }) => a.id);
      expect(ids).toEqual(expect.arrayContaining([1, 2]));
      expect(ids).not.toContain(3);
      const one = await t.request("GET", `${API}/addresses/2`, { as });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: 2, isShipping: true });
    });

    it("refuses reading the book to MARKETING users with 403, visitors with 401", async () => {
      for (const url of [`${API}/addresses`, `${API}/addresses/1`, `${API}/addresses/2`]) {
        const problem = await t.refused(403, () =>
          t.request("GET", url, { as: USERS.spaMarketing }),
        );
        expect(problem.detail).toBe("Your role does not allow this action.");
        await t.refused(401, () => t.request("GET", url));
      }
      // Another company's or an unknown address: the same 403, nothing revealed.
      for (const id of [3, 999999])
        await t.refused(403, () =>
          t.request("GET", `${API}/addresses/${id}`, { as: USERS.spaMarketing }),
        );
    });
  });

  describe("POST /addresses", () => {
    it.each([USERS.spaAdmin, USERS.spaBuyer])(
      "adds an address to the company's book for %s, with an audit line",
      async (as) => {
        const res = await t.request("POST", `${API}/addresses`, { as, body: MUNICH });
        expect(res.status).toBe(201);
        expect(res.headers.location).toBe(res.body["@id"]);
        expect(res.body).toMatchObject({
          "@type": "Address",
          ...MUNICH,
          provinceCode: null,
          provinceName: null,
          isBilling: false,
          isShipping: false,
        });
        const id = res.body.id as number;
        expect(res.body["@id"]).toBe(`${API}/addresses/${id}`);
        // A colleague sees it too (the book is the company's).
        const colleague = as === USERS.spaAdmin ? USERS.spaBuyer : USERS.spaAdmin;
        const list = await t.request("GET", `${API}/addresses`, { as: colleague });
        expect(list.body["hydra:member"].map((a: { id: number }) => a.id)).toContain(id);
        const shown = await t.request("GET", `${API}/addresses/${id}`, { as: USERS.spaBuyer });
        expect(shown.body).toEqual(res.body);
        const lines = await audit("address", id);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({
          actor_type: "user",
          actor_id: await t.userId(as),
          company_id: 1,
          action: "create",
          before: null,
          after: expect.objectContaining({ street: MUNICH.street, city: MUNICH.city }),
        });
        // The other company never sees it.
        await t.refused(404, () =>
          t.request("GET", `${API}/addresses/${id}`, { as: USERS.retailAdmin }),
        );
      },
    );

    it("fills the province name of a country with provinces", async () => {
      const res = await t.request("POST", `${API}/addresses`, {
        as: USERS.retailAdmin,
        body: {
          firstName: "Ava",
          lastName: "Nguyen",
          company: "Demo Retail Inc. (Austin)",
          street: "600 Congress Avenue",
          city: "Austin",
          postcode: "78701",
          countryCode: "us",
          provinceCode: "US-TX",
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        countryCode: "US",
        provinceCode: "US-TX",
        provinceName: "Texas",
        phoneNumber: null,
        email: null,
      });
    });

    it("makes the new address the default shipping address when the switch is on", async () => {
      const created = await t.request("POST", `${API}/addresses`, {
        as: USERS.spaBuyer,
        body: { ...MUNICH, isShipping: true },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ isShipping: true, isBilling: false });
      const id = created.body.id as number;
      expect(await defaultShipping()).toBe(id);
      const me = await t.userId(USERS.spaBuyer);
      const customer = await t.request("GET", `${API}/customers/${me}`, { as: USERS.spaBuyer });
      expect(customer.body.defaultShippingAddress).toBe(`${API}/addresses/${id}`);
      const list = await t.request("GET", `${API}/addresses`, { as: USERS.spaBuyer });
      const flagged = list.body["hydra:member"].filter(
        (a: { isShipping: boolean }) => a.isShipping,
      );
      expect(flagged.map((a: { id: number }) => a.id)).toEqual([id]);
      const lines = await audit("company", 1);
      expect(lines.at(-1)).toMatchObject({
        action: "defaultShippingAddress.change",
        before: { defaultShippingAddressId: 2 },
        after: { defaultShippingAddressId: id },
      });
      await restoreDefaultShipping();
    });

    it("refuses MARKETING users with 403 and visitors with 401", async () => {
      await t.refused(403, () =>
        t.request("POST", `${API}/addresses`, { as: USERS.spaMarketing, body: MUNICH }),
      );
      await t.refused(401, () => t.request("POST", `${API}/addresses`, { body: MUNICH }));
    });

    it.each<[string, unknown, string, string]>([
      ["an empty body", {}, "firstName", "field.required"],
      ["a missing street", { ...MUNICH, street: undefined }, "street", "field.required"],
      ["a blank city", { ...MUNICH, city: "   " }, "city", "field.required"],
      ["a one-letter first name", { ...MUNICH, firstName: "A" }, "firstName", "field.tooShort"],
      ["a number as name", { ...MUNICH, lastName: 42 }, "lastName", "field.type"],
      ["an object as street", { ...MUNICH, street: { a: 1 } }, "street", "field.type"],
      ["a too long street", { ...MUNICH, street: "x".repeat(151) }, "street", "field.tooLong"],
      [
        "a too long first name",
        { ...MUNICH, firstName: "x".repeat(101) },
        "firstName",
        "field.tooLong",
      ],
      [
        "a too long last name",
        { ...MUNICH, lastName: "x".repeat(101) },
        "lastName",
        "field.tooLong",
      ],
      ["a too long company", { ...MUNICH, company: "x".repeat(151) }, "company", "field.tooLong"],
      ["a too long city", { ...MUNICH, city: "x".repeat(101) }, "city", "field.tooLong"],
      ["a too long postcode", { ...MUNICH, postcode: "1".repeat(21) }, "postcode", "field.tooLong"],
      ["an invalid e-mail", { ...MUNICH, email: "not-an-email" }, "email", "field.email"],
      ["an unknown field", { ...MUNICH, isDefault: true }, "isDefault", "field.unknown"],
      [
        "an unknown country",
        { ...MUNICH, countryCode: "XX" },
        "countryCode",
        "address.countryUnknown",
      ],
      [
        "a US address without a state",
        { ...MUNICH, countryCode: "US" },
        "provinceCode",
        "address.provinceRequired",
      ],
      [
        "a province of another country",
        { ...MUNICH, provinceCode: "US-NY" },
        "provinceCode",
        "address.provinceUnknown",
      ],
      ["a string switch", { ...MUNICH, isShipping: "yes" }, "isShipping", "field.type"],
      // Issue 30: the postcode fits the country, the phone has no letters (rules/address.ts).
      [
        "a German postcode of 4 digits",
        { ...MUNICH, postcode: "8053" },
        "postcode",
        "address.postcodeInvalid",
      ],
      [
        "an Austrian postcode of 5 digits",
        { ...MUNICH, countryCode: "AT", postcode: "80539" },
        "postcode",
        "address.postcodeInvalid",
      ],
      [
        "a French postcode with letters",
        { ...MUNICH, countryCode: "FR", postcode: "75A02" },
        "postcode",
        "address.postcodeInvalid",
      ],
      [
        "an Italian postcode of 4 digits",
        { ...MUNICH, countryCode: "IT", postcode: "0018" },
        "postcode",
        "address.postcodeInvalid",
      ],
      [
        "a Spanish postcode of province 53",
        { ...MUNICH, countryCode: "ES", postcode: "53001" },
        "postcode",
        "address.postcodeInvalid",
      ],
      [
        "a British postcode of digits",
        { ...MUNICH, countryCode: "GB", postcode: "12345" },
        "postcode",
        "address.postcodeInvalid",
      ],
      [
        "a US ZIP code of 4 digits",
        { ...MUNICH, countryCode: "US", provinceCode: "US-NY", postcode: "1000" },
        "postcode",
        "address.postcodeInvalid",
      ],
      [
        "letters in the phone number",
        { ...MUNICH, phoneNumber: "+49 89 CALL-ME" },
        "phoneNumber",
        "address.phoneInvalid",
      ],
      [
        "a phone number of 3 digits",
        { ...MUNICH, phoneNumber: "112" },
        "phoneNumber",
        "address.phoneInvalid",
      ],
      ["an array body", [MUNICH], "", "field.type"],
    ])("refuses %s with 422 and changes nothing", async (_name, body, path, code) => {
      const problem = await t.refused(422, () =>
        t.request("POST", `${API}/addresses`, { as: USERS.spaBuyer, body }),
      );
      expect(problem.violations).toEqual(
        expect.arrayContaining([expect.objectContaining({ propertyPath: path, code })]),
      );
    });

    it("takes each country's postcode format and a phone with +, spaces and brackets (issue 30)", async () => {
      for (const [countryCode, postcode, provinceCode] of [
        ["DE", "10115"],
        ["AT", "1010"],
        ["FR", "75002"],
        ["IT", "00184"],
        ["ES", "28013"],
        ["GB", "SW1A 1AA"],
        ["US", "10001-1234", "US-NY"],
      ] as const) {
        const res = await t.request("POST", `${API}/addresses`, {
          as: USERS.spaBuyer,
          body: {
            ...MUNICH,
            countryCode,
            postcode,
            provinceCode,
            phoneNumber: "+44 (20) 7946-0018",
          },
        });
        expect(res.status, `${countryCode} ${postcode}: ${res.raw}`).toBe(201);
      }
      // In the caller's language.
      const problem = await t.refused(422, () =>
        t.request("POST", `${API}/addresses`, {
          as: USERS.spaBuyer,
          body: { ...MUNICH, postcode: "ABC", phoneNumber: "089 abc" },
          headers: { "accept-language": "de" },
        }),
      );
      expect(problem.violations?.map((v) => v.message)).toEqual([
        "Diese Postleitzahl passt nicht zum Land (Deutschland). Beispiel: 10115",
        expect.stringContaining("Telefonnummer"),
      ]);
    });

    it("lists every missing field of an empty body at once, in the caller's language", async () => {
      const problem = await t.refused(422, () =>
        t.request("POST", `${API}/addresses`, {
          as: USERS.spaBuyer,
          body: {},
          headers: { "accept-language": "de-DE" },
        }),
      );
      expect(problem.violations?.map((v) => v.propertyPath).sort()).toEqual(
        ["city", "company", "countryCode", "firstName", "lastName", "postcode", "street"].sort(),
      );
      expect(problem.title).not.toBe("Validation failed");
    });

    it("refuses malformed JSON with 400 and changes nothing", async () => {
      await t.refused(400, () =>
        t.request("POST", `${API}/addresses`, {
          as: USERS.spaBuyer,
          body: "{not json",
          headers: { "content-type": "application/json" },
        }),
      );
    });
  });

  describe("PUT /addresses/{id}", () => {
    it("updates an address of the book and records before and after", async () => {
      const { id } = await create();
      const res = await t.request("PUT", `${API}/addresses/${id}`, {
        as: USERS.spaAdmin,
        body: { ...MUNICH, street: "Leopoldstraße 10", postcode: "80802", phoneNumber: null },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        street: "Leopoldstraße 10",
        postcode: "80802",
        phoneNumber: null,
        isShipping: false,
      });
      const shown = await t.request("GET", `${API}/addresses/${id}`, { as: USERS.spaBuyer });
      expect(shown.body.street).toBe("Leopoldstraße 10");
      const lines = await audit("address", id);
      expect(lines.map((l) => l.action)).toEqual(["create", "update"]);
      expect(lines[1]).toMatchObject({
        before: expect.objectContaining({ street: MUNICH.street }),
        after: expect.objectContaining({ street: "Leopoldstraße 10" }),
      });
    });

    it("accepts the resource's own @id, @type and id back", async () => {
      const { id } = await create();
      const res = await t.request("PUT", `${API}/addresses/${id}`, {
        as: USERS.spaBuyer,
        body: { ...MUNICH, "@id": `${API}/addresses/${id}`, "@type": "Address", id, city: "Bonn" },
      });
      expect(res.status).toBe(200);
      expect(res.body.city).toBe("Bonn");
    });

    it("refuses to edit the default billing address with a clear 422, whatever the body", async () => {
      for (const body of [MUNICH, {}]) {
        const problem = await t.refused(422, () =>
          t.request("PUT", `${API}/addresses/1`, { as: USERS.spaAdmin, body }),
        );
        expect(problem.detail).toBe("The default billing address cannot be edited.");
        expect(problem.type).toBe("/problems/default-address");
        expect(problem.violations?.[0]?.code).toBe("address.billingNotEditable");
      }
    });

    it("lets the default shipping address be edited but not switched off", async () => {
      const res = await t.request("PUT", `${API}/addresses/2`, {
        as: USERS.spaBuyer,
        body: { ...MUNICH, company: "Demo Spa GmbH (Hamburg studio)", isShipping: true },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: 2, isShipping: true, city: "München" });
      const problem = await t.refused(422, () =>
        t.request("PUT", `${API}/addresses/2`, {
          as: USERS.spaBuyer,
          body: { ...MUNICH, isShipping: false },
        }),
      );
      expect(problem.violations?.[0]).toMatchObject({
        propertyPath: "isShipping",
        code: "address.defaultShippingRequired",
      });
    });

    it("moves the default shipping address when saved with the switch on", async () => {
      const { id } = await create();
      const res = await t.request("PUT", `${API}/addresses/${id}`, {
        as: USERS.spaBuyer,
        body: { ...MUNICH, isShipping: true },
      });
      expect(res.status).toBe(200);
      expect(res.body.isShipping).toBe(true);
      expect(await defaultShipping()).toBe(id);
      const old = await t.request("GET", `${API}/addresses/2`, { as: USERS.spaBuyer });
      expect(old.body.isShipping).toBe(false);
      await restoreDefaultShipping();
    });

    it("answers 404 for another company's address, a missing one and a malformed id", async () => {
      await t.refused(404, () =>
        t.request("PUT", `${API}/addresses/3`, { as: USERS.spaAdmin, body: MUNICH }),
      );
      await t.refused(404, () =>
        t.request("PUT", `${API}/addresses/2`, { as: USERS.retailAdmin, body: MUNICH }),
      );
      for (const id of ["999999", "abc", "1.0"]) {
        await t.refused(404, () =>
          t.request("PUT", `${API}/addresses/${id}`, { as: USERS.spaAdmin, body: MUNICH }),
        );
      }
    });

    it("refuses MARKETING users with 403 and visitors with 401", async () => {
      const { id } = await create();
      await t.refused(403, () =>
        t.request("PUT", `${API}/addresses/${id}`, { as: USERS.spaMarketing, body: MUNICH }),
      );
      await t.refused(401, () => t.request("PUT", `${API}/addresses/${id}`, { body: MUNICH }));
    });

    it.each<[string, unknown, string]>([
      ["a missing first name", { ...MUNICH, firstName: undefined }, "field.required"],
      ["a too long city", { ...MUNICH, city: "y".repeat(300) }, "field.tooLong"],
      ["a boolean company", { ...MUNICH, company: true }, "field.type"],
      ["an unknown field", { ...MUNICH, isBilling: true }, "field.unknown"],
      ["an invalid e-mail", { ...MUNICH, email: "a@b" }, "field.email"],
    ])("refuses %s with 422 and changes nothing", async (_name, body, code) => {
      const { id } = await create();
      const problem = await t.refused(422, () =>
        t.request("PUT", `${API}/addresses/${id}`, { as: USERS.spaBuyer, body }),
      );
      expect(problem.violations?.map((v) => v.code)).toContain(code);
    });
  });

  describe("DELETE /addresses/{id}", () => {
    it("removes an address that is no default, with an audit line", async () => {
      const { id } = await create();
      const res = await t.request("DELETE", `${API}/addresses/${id}`, { as: USERS.spaAdmin });
      expect(res.status).toBe(204);
      expect(res.raw).toBe("");
      await t.refused(404, () =>
        t.request("GET", `${API}/addresses/${id}`, { as: USERS.spaAdmin }),
      );
      const lines = await audit("address", id);
      expect(lines.at(-1)).toMatchObject({
        action: "delete",
        after: null,
        before: expect.objectContaining({ street: MUNICH.street }),
      });
      await t.refused(404, () =>
        t.request("DELETE", `${API}/addresses/${id}`, { as: USERS.spaAdmin }),
      );
    });

    it("refuses to remove the default billing and the default shipping address", async () => {
      const billing = await t.refused(422, () =>
        t.request("DELETE", `${API}/addresses/1`, { as: USERS.spaAdmin }),
      );
      expect(billing.detail).toBe("The default billing address cannot be removed.");
      const shipping = await t.refused(422, () =>
        t.request("DELETE", `${API}/addresses/2`, { as: USERS.spaBuyer }),
      );
      expect(shipping.violations?.[0]?.code).toBe("address.shippingNotRemovable");
      expect(shipping.detail).toMatch(/default shipping address cannot be removed/);
    });

    it("lets a former default shipping address go once another is the default", async () => {
      const { id } = await create({ ...MUNICH, isShipping: true });
      await t.refused(422, () =>
        t.request("DELETE", `${API}/addresses/${id}`, { as: USERS.spaBuyer }),
      );
      await restoreDefaultShipping();
      const res = await t.request("DELETE", `${API}/addresses/${id}`, { as: USERS.spaBuyer });
      expect(res.status).toBe(204);
    });

    it("answers 404 for another company's address, 403 for MARKETING, 401 for visitors", async () => {
      await t.refused(404, () => t.request("DELETE", `${API}/addresses/4`, { as: USERS.spaAdmin }));
      await t.refused(404, () =>
        t.request("DELETE", `${API}/addresses/abc`, { as: USERS.spaAdmin }),
      );
      const { id } = await create();
      await t.refused(404, () =>
        t.request("DELETE", `${API}/addresses/${id}`, { as: USERS.retailAdmin }),
      );
      await t.refused(403, () =>
        t.request("DELETE", `${API}/addresses/${id}`, { as: USERS.spaMarketing }),
      );
      await t.refused(401, () => t.request("DELETE", `${API}/addresses/${id}`));
    });
  });

  describe("PATCH /customers/{id}/default-shipping-address", () => {
    const patch = (id: number | string, body: unknown, as: string = USERS.spaBuyer) =>
      t.request("PATCH", `${API}/customers/${id}/default-shipping-address`, {
        as,
        body,
        headers: MERGE_PATCH,
      });

    it("sets the default shipping address and answers the customer", async () => {
      const { id } = await create();
      const me = await t.userId(USERS.spaBuyer);
      const res = await patch(me, { defaultShippingAddress: `${API}/addresses/${id}` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        "@id": `${API}/customers/${me}`,
        email: USERS.spaBuyer,
        companyName: "Demo Spa GmbH",
        defaultBillingAddress: `${API}/addresses/1`,
        defaultShippingAddress: `${API}/addresses/${id}`,
      });
      const got = await t.request("GET", `${API}/customers/${me}`, { as: USERS.spaBuyer });
      expect(got.body).toEqual(res.body);
      expect((await audit("company", 1)).at(-1)).toMatchObject({
        action: "defaultShippingAddress.change",
        actor_id: me,
        after: { defaultShippingAddressId: id },
      });
      // Setting the current default again changes nothing, not even the audit trail.
      const before = await t.fingerprint();
      expect((await patch(me, { defaultShippingAddress: `${API}/addresses/${id}` })).status).toBe(
        200,
      );
      expect(await t.fingerprint()).toBe(before);
      await restoreDefaultShipping();
    });

    it("accepts a plain application/json body too", async () => {
      const me = await t.userId(USERS.spaAdmin);
      const res = await t.request("PATCH", `${API}/customers/${me}/default-shipping-address`, {
        as: USERS.spaAdmin,
        body: { defaultShippingAddress: `${API}/addresses/2` },
      });
      expect(res.status).toBe(200);
    });

    it("hides other customers' ids with 404", async () => {
      const body = { defaultShippingAddress: `${API}/addresses/2` };
      for (const email of [USERS.spaAdmin, USERS.retailAdmin]) {
        const id = await t.userId(email);
        await t.refused(404, () => patch(id, body));
      }
      await t.refused(404, () => patch("abc", body));
    });

    it.each<[string, unknown, string]>([
      [
        "another company's address",
        { defaultShippingAddress: `${API}/addresses/3` },
        "address.unknown",
      ],
      [
        "a missing address",
        { defaultShippingAddress: `${API}/addresses/999999` },
        "address.unknown",
      ],
      [
        "an IRI of another resource",
        { defaultShippingAddress: `${API}/orders/2` },
        "address.unknown",
      ],
      ["a number", { defaultShippingAddress: 2 }, "field.type"],
      ["null", { defaultShippingAddress: null }, "field.required"],
      ["an empty body", {}, "field.required"],
      ["an unknown field", { defaultShippingAddress: `${API}/addresses/2`, x: 1 }, "field.unknown"],
      ["a too long reference", { defaultShippingAddress: "/".repeat(600) }, "address.unknown"],
    ])("refuses %s with 422 and changes nothing", async (_name, body, code) => {
      const me = await t.userId(USERS.spaBuyer);
      const problem = await t.refused(422, () => patch(me, body));
      expect(problem.violations?.map((v) => v.code)).toContain(code);
    });

    it("refuses MARKETING users with 403 and visitors with 401", async () => {
      const me = await t.userId(USERS.spaMarketing);
      const body = { defaultShippingAddress: `${API}/addresses/2` };
      await t.refused(403, () => patch(me, body, USERS.spaMarketing));
      await t.refused(401, () =>
        t.request("PATCH", `${API}/customers/${me}/default-shipping-address`, {
          body,
          headers: MERGE_PATCH,
        }),
      );
    });
  });
});
