import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, expectProblem, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const API = "/api/v2/shop";

describe.each(backends)("customers and addresses API on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("GET /customers/{id}", () => {
    it("shows the signed-in customer with their company's details", async () => {
      const id = await t.userId(USERS.spaBuyer);
      const res = await t.request("GET", `${API}/customers/${id}`, { as: USERS.spaBuyer });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        "@id": `${API}/customers/${id}`,
        id,
        email: USERS.spaBuyer,
        firstName: "Jonas",
        lastName: "Keller",
        fullName: "Jonas Keller",
        companyName: "Demo Spa GmbH",
        companyLegalName: "Demo Spa Wellness GmbH",
        companyEmail: "office@demo-spa.example",
        companyPhoneNumber: "+49 30 1234567",
        taxNumber: "DE123456789",
        currencyCode: "EUR",
        minimalOrderValue: 50000,
        channel: `${API}/channels/EU_WHOLESALE`,
        userRoles: ["ROLE_COMPANY_COMMERCIAL"],
        defaultBillingAddress: `${API}/addresses/1`,
        defaultShippingAddress: `${API}/addresses/2`,
        personResponsible: {
          name: expect.stringMatching(/\S/),
          email: expect.stringMatching(/^[^\s@]+@[^\s@]+$/),
        },
      });
    });

    it("lists the IRIs of every Demo Spa user, the pending invitee too, as shopUsers", async () => {
      const emails = [
        USERS.spaAdmin,
        USERS.spaBuyer,
        USERS.spaMarketing,
        "new.colleague@demo-spa.example",
        // The junior buyer with spending limits (decision 043).
        "junior.buyer@demo-spa.example",
      ];
      const ids = await Promise.all(emails.map((email) => t.userId(email)));
      const me = ids[0]!;
      const res = await t.request("GET", `${API}/customers/${me}`, { as: USERS.spaAdmin });
      expect(res.body.userRoles).toEqual(["ROLE_COMPANY_ADMIN"]);
      expect([...res.body.shopUsers].sort()).toEqual(
        ids.map((id) => `${API}/shop-users/${id}`).sort(),
      );
    });

    it("shows Demo Retail without a tax number and with its own sales agent", async () => {
      const id = await t.userId(USERS.retailAdmin);
      const res = await t.request("GET", `${API}/customers/${id}`, { as: USERS.retailAdmin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        email: USERS.retailAdmin,
        companyName: "Demo Retail Inc.",
        companyLegalName: "Demo Retail Incorporated",
        companyEmail: "office@demo-retail.example",
        companyPhoneNumber: "+1 212 555 0100",
        taxNumber: null,
        currencyCode: "USD",
        defaultBillingAddress: `${API}/addresses/3`,
        defaultShippingAddress: `${API}/addresses/4`,
        shopUsers: [`${API}/shop-users/${id}`],
      });
      const spa = await t.request("GET", `${API}/customers/${await t.userId(USERS.spaBuyer)}`, {
        as: USERS.spaBuyer,
      });
      expect(res.body.personResponsible.email).not.toBe(spa.body.personResponsible.email);
    });

    it("answers a company phone number never entered as null, the same for every role with company details", async () => {
      const shown = async (email: string) =>
        (await t.request("GET", `${API}/customers/${await t.userId(email)}`, { as: email })).body;
      const buyer = await shown(USERS.spaBuyer);
      const admin = await shown(USERS.spaAdmin);
      for (const key of ["companyLegalName", "companyEmail", "companyPhoneNumber"])
        expect(buyer[key]).toBe(admin[key]);
      // MARKETING has no company details section (account spec 6): the fields are left out.
      const marketing = await shown(USERS.spaMarketing);
      for (const key of ["companyLegalName", "companyEmail", "companyPhoneNumber"])
        expect(marketing).not.toHaveProperty(key);
      const before = await t.db
        .selectFrom("companies")
        .select("phone")
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      await t.db.updateTable("companies").set({ phone: "" }).where("id", "=", 1).execute();
      try {
        expect((await shown(USERS.spaBuyer)).companyPhoneNumber).toBeNull();
      } finally {
        await t.db.updateTable("companies").set(before).where("id", "=", 1).execute();
      }
    });

    it("hides a colleague's and another company's customer record with 404", async () => {
      const colleague = await t.userId(USERS.spaAdmin);
      const foreign = await t.userId(USERS.retailAdmin);
      for (const id of [colleague, foreign, 999999]) {
        await t.refused(404, () =>
          t.request("GET", `${API}/customers/${id}`, { as: USERS.spaBuyer }),
        );
      }
    });

    it.each(["abc", "1.0", "-1", "%20"])("answers 404 for the non-numeric id %s", async (id) => {
      await t.refused(404, () =>
        t.request("GET", `${API}/customers/${id}`, { as: USERS.spaBuyer }),
      );
    });

    it("asks visitors to sign in", async () => {
      const id = await t.userId(USERS.spaBuyer);
      const problem = await t.refused(401, () => t.request("GET", `${API}/customers/${id}`));
      expect(problem.type).toBe("/problems/unauthorized");
    });
  });

  describe("addresses", () => {
    it("lists only the caller's company addresses with default flags", async () => {
      const res = await t.request("GET", `${API}/addresses`, { as: USERS.spaBuyer });
      expect(res.status).toBe(200);
      expect(res.body["hydra:totalItems"]).toBe(2);
      expect(res.body["hydra:member"]).toEqual([
        expect.objectContaining({
          "@id": `${API}/addresses/1`,
          id: 1,
          city: "Berlin",
          countryCode: "DE",
          isBilling: true,
          isShipping: false,
        }),
        expect.objectContaining({
          "@id": `${API}/addresses/2`,
          id: 2,
          city: "Hamburg",
          countryCode: "DE",
          isBilling: false,
          isShipping: true,
        }),
      ]);
      const retail = await t.request("GET", `${API}/addresses`, { as: USERS.retailAdmin });
      expect(retail.body["hydra:member"].map((a: { id: number }) => a.id)).toEqual([3, 4]);
      expect(retail.body["hydra:member"][0]).toMatchObject({
        countryCode: "US",
        provinceCode: "US-NY",
        provinceName: "New York",
        isBilling: true,
      });
    });

    it("shows the same addresses to every user of the company with an address book", async () => {
      const buyer = await t.request("GET", `${API}/addresses`, { as: USERS.spaBuyer });
      const admin = await t.request("GET", `${API}/addresses`, { as: USERS.spaAdmin });
      expect(admin.body).toEqual(buyer.body);
      // MARKETING has no address book (account spec 6).
      expectProblem(await t.request("GET", `${API}/addresses`, { as: USERS.spaMarketing }), 403);
    });

    it("shows one of the company's addresses", async () => {
      const res = await t.request("GET", `${API}/addresses/2`, { as: USERS.spaBuyer });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        "@id": `${API}/addresses/2`,
        street: "Jungfernstieg 7",
        city: "Hamburg",
        postcode: "20354",
        isShipping: true,
        isBilling: false,
      });
    });

    it("hides another company's address with 404", async () => {
      await t.refused(404, () => t.request("GET", `${API}/addresses/3`, { as: USERS.spaBuyer }));
      await t.refused(404, () => t.request("GET", `${API}/addresses/1`, { as: USERS.retailAdmin }));
    });

    it.each(["abc", "999999", "99999999999999999999"])(
      "answers 404 for the address id %s",
      async (id) => {
        await t.refused(404, () =>
          t.request("GET", `${API}/addresses/${id}`, { as: USERS.spaBuyer }),
        );
      },
    );

    it("asks visitors to sign in", async () => {
      await t.refused(401, () => t.request("GET", `${API}/addresses`));
      await t.refused(401, () => t.request("GET", `${API}/addresses/1`));
    });
  });
});
