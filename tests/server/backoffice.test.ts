import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATES, type OrderState } from "../../server/domain/order-states.js";
import {
  backends,
  couponUses,
  DEMO_PASSWORD,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";

const ADMIN = "/api/v2/admin";
const SHOP = "/api/v2/shop";
const STAFF = "staff@brand.example";

/** The transitions table of server/domain/order-states.ts, as the API must apply it. */
const ALLOWED: Record<OrderState, OrderState[]> = {
  new: ["approved", "waiting", "payment missing", "cancelled"],
  approved: ["shipped", "cancelled"],
  shipped: ["invoiced"],
  invoiced: ["completed"],
  completed: ["fulfilled"],
  fulfilled: [],
  waiting: ["approved", "cancelled"],
  "payment missing": ["approved", "cancelled"],
  cancelled: [],
  // Only the buyer's company decides on it (decision 043); staff may withdraw it (issue 32, B).
  "awaiting approval": ["cancelled"],
};

const GLOW_PAYLOAD = {
  companyName: "Glow Studio SARL",
  customerType: "professional-spa-and-clinic",
  corporateRegistrationNumber: null,
  taxNumber: "FR12345678901",
  jobTitle: "Founder",
  relationships: {
    default_contact: {
      name: "Camille",
      surname: "Laurent",
      email: "owner@glow-studio.example",
      phone: "+33 1 23 45 67 89",
      type: "primary",
    },
    billing_address: {
      country: "FR",
      street: "12 rue de la Paix",
      post_code: "75002",
      town: "Paris",
      company: "Glow Studio SARL",
      name: "Camille",
      surname: "Laurent",
      email: "owner@glow-studio.example",
      phone_number: "+33 1 23 45 67 89",
    },
  },
};

describe.each(backends)("back-office API on %s", (backend) => {
  let t: TestApp;
  let staffToken: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const res = await t.request("POST", `${ADMIN}/token`, {
      body: { email: STAFF, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    staffToken = res.body.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const staff = (method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
    t.request(method, url, { token: staffToken, body });

  /** Places an order through the shop API: 3 lines, shipped to Hamburg, paid by card. */
  async function placeOrder(as: string = USERS.spaBuyer, coupon?: string) {
    const cart = await t.request("POST", `${SHOP}/orders`, { as, body: {} });
    const token = cart.body.tokenValue as string;
    const lines: [string, number][] = [
      ["FIRM-LIFT-SERUM-30ML", 20],
      ["HYDRA-BARRIER-CREAM-50ML", 10],
      ["ENAMEL-CARE-TOOTHPASTE-75ML", 12],
    ];
    for (const [code, quantity] of lines) {
      const res = await t.request("POST", `${SHOP}/orders/${token}/items`, {
        as,
        body: { productVariant: `${SHOP}/product-variants/${code}`, quantity },
      });
      expect(res.status).toBe(201);
    }
    const address = as === USERS.retailAdmin ? 4 : 2;
    const put = await t.request("PUT", `${SHOP}/orders/${token}`, {
      as,
      body: {
        shippingAddress: `${SHOP}/addresses/${address}`,
        ...(coupon ? { couponCode: coupon } : {}),
      },
    });
    expect(put.status).toBe(200);
    // Only an offline method completes without a card payment (decision 029).
    const payment = (put.body as { payments: { id: number }[] }).payments[0]!.id;
    const invoice = await t.request("PATCH", `${SHOP}/orders/${token}/payments/${payment}`, {
      as,
      body: { paymentMethod: `${SHOP}/payment-methods/invoice` },
    });
    expect(invoice.status).toBe(200);
    const done = await t.request("PATCH", `${SHOP}/orders/${token}/complete`, { as, body: {} });
    expect(done.status, done.raw).toBe(200);
    return done.body as {
      tokenValue: string;
      id: number;
      number: string;
      total: number;
      itemsTotal: number;
      shippingTotal: number;
      taxTotal: number;
      items: { id: number; quantity: number; variant: string; total: number }[];
    };
  }

  const setState = (id: number, state: string) =>
    t.db.updateTable("orders").set({ state }).where("id", "=", id).execute();
  const onHand = async (code: string) =>
    (
      await t.db
        .selectFrom("product_variants")
        .select("on_hand")
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).on_hand;
  const paymentsOf = (orderId: number) =>
    t.db
      .selectFrom("payments")
      .select(["id", "state", "amount", "method_code", "due_date"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();
  const lastAudit = () =>
    t.db
      .selectFrom("audit_events")
      .selectAll()
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();

  async function newApplication(email: string, payload: unknown = GLOW_PAYLOAD, country = "FR") {
    const row = await t.db
      .insertInto("partner_applications")
      .values({
        email,
        company_name: (payload as { companyName?: string }).companyName ?? "Some Company",
        country_code: country,
        payload: JSON.stringify(payload),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const approval = {
    priceListCode: "EUR_CONTRACT",
    currencyCode: "EUR",
    salesAgentName: "Clara Weiss",
    salesAgentEmail: "clara.weiss@lume-atelier.example",
  };

  // ------------------------------------------------------------------ authentication

  describe("staff sign-in and token separation", () => {
    it("signs staff in with a back-office token", async () => {
      const res = await t.request("POST", `${ADMIN}/token`, {
        body: { email: "STAFF@brand.example", password: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ token: expect.any(String) });
    });

    it.each([
      ["a wrong password", { email: STAFF, password: "wrong-password" }, 401],
      ["a shop user's credentials", { email: USERS.spaAdmin, password: DEMO_PASSWORD }, 401],
      ["no password", { email: STAFF }, 422],
      ["a bad e-mail", { email: "staff", password: DEMO_PASSWORD }, 422],
      ["an unknown field", { email: STAFF, password: DEMO_PASSWORD, role: "admin" }, 422],
    ])("refuses %s", async (_name, body, status) => {
      await t.refused(status, () => t.request("POST", `${ADMIN}/token`, { body }));
    });

    const endpoints: [string, string][] = [
      ["GET", `${ADMIN}/partner-applications`],
      ["GET", `${ADMIN}/partner-applications/1`],
      ["POST", `${ADMIN}/partner-applications/1/approve`],
      ["POST", `${ADMIN}/partner-applications/1/reject`],
      ["GET", `${ADMIN}/orders`],
      ["GET", `${ADMIN}/orders/x`],
      ["POST", `${ADMIN}/orders/x/transitions`],
      ["POST", `${ADMIN}/orders/x/split`],
      ["POST", `${ADMIN}/orders/x/payments`],
      ["GET", `${ADMIN}/companies`],
      ["GET", `${ADMIN}/companies/1`],
      ["PUT", `${ADMIN}/companies/1/sales-agent`],
      ["GET", `${ADMIN}/audit-events`],
    ];

    it.each(endpoints)("%s %s needs a staff token (none, or a shop token: 401)", async (m, url) => {
      const method = m as "GET" | "POST" | "PUT";
      const body = method === "GET" ? undefined : {};
      await t.refused(401, () => t.request(method, url, { body }));
      await t.refused(401, () => t.request(method, url, { as: USERS.spaAdmin, body }));
      await t.refused(401, () => t.request(method, url, { token: "not-a-jwt", body }));
    });

    it("does not open the shop API with a staff token", async () => {
      await t.refused(401, () => t.request("GET", `${SHOP}/orders`, { token: staffToken }));
      await t.refused(401, () =>
        t.request("POST", `${SHOP}/orders`, { token: staffToken, body: {} }),
      );
    });

    it("stops accepting the token of a disabled staff member", async () => {
      await t.db
        .insertInto("staff_users")
        .values({
          email: "temp@brand.example",
          password_hash: (
            await t.db
              .selectFrom("staff_users")
              .select("password_hash")
              .where("email", "=", STAFF)
              .executeTakeFirstOrThrow()
          ).password_hash,
          first_name: "Temp",
          last_name: "Staff",
        })
        .execute();
      const signIn = await t.request("POST", `${ADMIN}/token`, {
        body: { email: "temp@brand.example", password: DEMO_PASSWORD },
      });
      const token = signIn.body.token as string;
      expect((await t.request("GET", `${ADMIN}/companies`, { token })).status).toBe(200);
      await t.db
        .updateTable("staff_users")
        .set({ enabled: false })
        .where("email", "=", "temp@brand.example")
        .execute();
      expectProblem(await t.request("GET", `${ADMIN}/companies`, { token }), 401);
      expectProblem(
        await t.request("POST", `${ADMIN}/token`, {
          body: { email: "temp@brand.example", password: DEMO_PASSWORD },
        }),
        401,
      );
    });
  });

  // ------------------------------------------------------------------ partner applications

  describe("partner applications", () => {
    it("lists pending applications with the seeded one and reads it", async () => {
      const list = await staff("GET", `${ADMIN}/partner-applications?status=pending`);
      expect(list.status).toBe(200);
      const glow = list.body["hydra:member"].find(
        (a: { email: string }) => a.email === "owner@glow-studio.example",
      );
      expect(glow).toMatchObject({
        "@id": `${ADMIN}/partner-applications/${glow.id}`,
        "@type": "PartnerApplication",
        status: "pending",
        companyName: "Glow Studio SARL",
        countryCode: "FR",
        company: null,
        reviewedBy: null,
        reviewedAt: null,
        payload: { taxNumber: "FR12345678901" },
      });
      expect(list.body["hydra:totalItems"]).toBe(list.body["hydra:member"].length);
      const one = await staff("GET", `${ADMIN}/partner-applications/${glow.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(glow);
      const all = await staff("GET", `${ADMIN}/partner-applications?itemsPerPage=1&page=1`);
      expect(all.body["hydra:member"]).toHaveLength(1);
    });

    it("refuses an unknown status filter and bad paging", async () => {
      expectProblem(await staff("GET", `${ADMIN}/partner-applications?status=maybe`), 400);
      expectProblem(await staff("GET", `${ADMIN}/partner-applications?page=0`), 400);
    });

    it("answers 404 for an unknown or malformed id", async () => {
      expectProblem(await staff("GET", `${ADMIN}/partner-applications/99999`), 404);
      expectProblem(await staff("GET", `${ADMIN}/partner-applications/abc`), 404);
      await t.refused(404, () =>
        staff("POST", `${ADMIN}/partner-applications/99999/approve`, approval),
      );
      await t.refused(404, () =>
        staff("POST", `${ADMIN}/partner-applications/1e0/reject`, { reason: "no" }),
      );
    });

    describe("approving", () => {
      let glowId: number;
      beforeAll(async () => {
        glowId = (
          await t.db
            .selectFrom("partner_applications")
            .select("id")
            .where("email", "=", "owner@glow-studio.example")
            .executeTakeFirstOrThrow()
        ).id;
      });

      it.each([
        ["no body", undefined, "priceListCode"],
        ["a missing agent", { ...approval, salesAgentName: undefined }, "salesAgentName"],
        ["a bad agent e-mail", { ...approval, salesAgentEmail: "clara" }, "salesAgentEmail"],
        ["an unknown price list", { ...approval, priceListCode: "GBP_CONTRACT" }, "priceListCode"],
        ["a currency not of the list", { ...approval, currencyCode: "USD" }, "currencyCode"],
        [
          "a minimum as a string",
          { ...approval, minimalOrderValue: "500.00" },
          "minimalOrderValue",
        ],
        ["a negative minimum", { ...approval, minimalOrderValue: -1 }, "minimalOrderValue"],
        ["a fractional minimum", { ...approval, minimalOrderValue: 10.5 }, "minimalOrderValue"],
        ["payment terms of 1000 days", { ...approval, paymentTermsDays: 1000 }, "paymentTermsDays"],
        ["a price list as a number", { ...approval, priceListCode: 7 }, "priceListCode"],
        ["an unknown field", { ...approval, discount: 5 }, "discount"],
        [
          "a too long agent name",
          { ...approval, salesAgentName: "x".repeat(256) },
          "salesAgentName",
        ],
      ])("refuses %s with a violation and changes nothing", async (_name, body, path) => {
        const problem = await t.refused(422, () =>
          staff("POST", `${ADMIN}/partner-applications/${glowId}/approve`, body),
        );
        expect(problem.violations?.map((v) => v.propertyPath)).toContain(path);
      });

      it("creates the company, its address, approves the application and invites the contact as ADMIN", async () => {
        const res = await staff("POST", `${ADMIN}/partner-applications/${glowId}/approve`, {
          ...approval,
          paymentTermsDays: 14,
        });
        expect(res.status, res.raw).toBe(200);
        expect(res.body).toMatchObject({
          id: glowId,
          status: "approved",
          company: expect.stringMatching(/^\/api\/v2\/admin\/companies\/\d+$/),
          reviewedBy: expect.any(Number),
          reviewedAt: expect.any(String),
        });
        const companyId = Number(res.body.company.split("/").pop());
        const company = await staff("GET", `${ADMIN}/companies/${companyId}`);
        expect(company.status).toBe(200);
        expect(company.body).toMatchObject({
          "@id": `${ADMIN}/companies/${companyId}`,
          name: "Glow Studio SARL",
          legalName: "Glow Studio SARL",
          email: "owner@glow-studio.example",
          phone: "+33 1 23 45 67 89",
          taxNumber: "FR12345678901",
          registrationNumber: null,
          channelCode: "EU_WHOLESALE",
          priceListCode: "EUR_CONTRACT",
          currencyCode: "EUR",
          minimalOrderValue: 50000,
          paymentTermsDays: 14,
          salesAgent: { name: "Clara Weiss", email: "clara.weiss@lume-atelier.example" },
          defaultBillingAddress: {
            firstName: "Camille",
            lastName: "Laurent",
            company: "Glow Studio SARL",
            street: "12 rue de la Paix",
            city: "Paris",
            postcode: "75002",
            countryCode: "FR",
          },
          defaultShippingAddress: null,
          users: [
            {
              email: "owner@glow-studio.example",
              roles: ["ROLE_COMPANY_ADMIN"],
              firstName: null,
              status: "pending",
            },
          ],
        });
        // The pending user, its invitation and the invitation mail exist.
        const user = await t.db
          .selectFrom("shop_users")
          .selectAll()
          .where("email", "=", "owner@glow-studio.example")
          .executeTakeFirstOrThrow();
        expect(user).toMatchObject({
          company_id: companyId,
          roles: ["ROLE_COMPANY_ADMIN"],
          password_hash: null,
          job_title: "Founder",
        });
        const invitation = await t.db
          .selectFrom("invitations")
          .selectAll()
          .where("shop_user_id", "=", user.id)
          .executeTakeFirstOrThrow();
        expect(invitation.used_at).toBeNull();
        const mail = await t.db
          .selectFrom("mail_outbox")
          .selectAll()
          .where("to_address", "=", "owner@glow-studio.example")
          .where("kind", "=", "application_approved")
          .executeTakeFirstOrThrow();
        const link = /\/register\/([\w-]+)/.exec(mail.text_body);
        expect(link).not.toBeNull();
        // The brand writes: the application is approved, set your password (issue 17: not
        // "Glow Studio SARL has invited you", not asking for the name already given).
        expect(mail.subject).toBe("Your Lumé Atelier partner application is approved");
        expect(mail.text_body).toContain("Hello Camille,");
        expect(mail.text_body).toContain("your application for Glow Studio SARL is approved");
        expect(mail.text_body).toContain("Set your password here");
        expect(mail.text_body).not.toMatch(/invited you|your name/i);
        // The link's page knows the names the application gave (issue 17): it fills them in
        // instead of asking again.
        const check = await t.request("GET", `/api/v2/team-members/invitations/${link![1]}`, {});
        expect(check.status, check.raw).toBe(200);
        expect(check.body).toMatchObject({
          email: "owner@glow-studio.example",
          companyName: "Glow Studio SARL",
          approvedApplication: true,
          firstName: "Camille",
          lastName: "Laurent",
        });
        // The application is no longer pending.
        const pending = await staff("GET", `${ADMIN}/partner-applications?status=pending`);
        expect(pending.body["hydra:member"].some((a: { id: number }) => a.id === glowId)).toBe(
          false,
        );
        // Audited: application, company, address, invited user; all by this staff member.
        const events = await t.db
          .selectFrom("audit_events")
          .selectAll()
          .where("company_id", "=", companyId)
          .execute();
        expect(events.map((e) => `${e.entity_type}:${e.action}`).sort()).toEqual([
          "address:created",
          "company:created",
          "partner_application:approved",
          "shop_user:invited",
        ]);
        expect(
          events.every((e) => e.actor_type === "staff" && e.actor_id === res.body.reviewedBy),
        ).toBe(true);

        // The contact registers with the link's token (team-member registration, spec 7).
        const register = await t.request("POST", "/api/v2/team-members/register", {
          body: {
            firstName: "Camille",
            lastName: "Laurent",
            token: link![1],
            newPlainPassword: "Glow-Studio-Paris-75",
          },
        });
        expect(register.status, register.raw).toBeLessThan(300);
        const signIn = await t.request("POST", `${SHOP}/customers/token`, {
          body: { email: "owner@glow-studio.example", password: "Glow-Studio-Paris-75" },
        });
        expect(signIn.status).toBe(200);
        const me = await t.request("GET", `${SHOP}/audit-events`, { token: signIn.body.token });
        expect(me.status).toBe(200);
        expect(me.body["hydra:member"].map((e: { action: string }) => e.action)).toEqual(
          expect.arrayContaining(["approved", "created", "invited"]),
        );
      });

      it("approves an application whose address is only a pending invitation of another company", async () => {
        // Demo Spa invited this address; nobody registered with it: the new company's own
        // invitation may hold it too (migration 0014).
        const email = "new.colleague@demo-spa.example";
        const id = await newApplication(email, {
          ...GLOW_PAYLOAD,
          companyName: "Invitee Atelier GmbH",
          relationships: {
            ...GLOW_PAYLOAD.relationships,
            default_contact: { ...GLOW_PAYLOAD.relationships.default_contact, email },
            billing_address: { ...GLOW_PAYLOAD.relationships.billing_address, email },
          },
        });
        const res = await staff("POST", `${ADMIN}/partner-applications/${id}/approve`, approval);
        expect(res.status, res.raw).toBe(200);
        const holders = await t.db
          .selectFrom("shop_users")
          .select(["company_id", "password_hash"])
          .where("email", "=", email)
          .execute();
        expect(holders).toHaveLength(2);
        expect(holders.every((h) => h.password_hash === null)).toBe(true);
      });

      it("writes the approval mail in the language the applicant applied in", async () => {
        const email = "inhaberin@haut-atelier.example";
        const id = await newApplication(email, {
          ...GLOW_PAYLOAD,
          companyName: "Haut Atelier GmbH",
          relationships: {
            ...GLOW_PAYLOAD.relationships,
            default_contact: { ...GLOW_PAYLOAD.relationships.default_contact, name: "Jana", email },
            billing_address: { ...GLOW_PAYLOAD.relationships.billing_address, email },
          },
        });
        await t.db
          .updateTable("partner_applications")
          .set({ language: "de" })
          .where("id", "=", id)
          .execute();
        const res = await staff("POST", `${ADMIN}/partner-applications/${id}/approve`, approval);
        expect(res.status, res.raw).toBe(200);
        const mail = await t.db
          .selectFrom("mail_outbox")
          .selectAll()
          .where("to_address", "=", email)
          .executeTakeFirstOrThrow();
        expect(mail.kind).toBe("application_approved");
        expect(mail.subject).toBe("Ihr Partnerantrag bei Lumé Atelier ist genehmigt");
        expect(mail.text_body).toContain("Guten Tag Jana,");
        expect(mail.text_body).toContain("Ihr Antrag für Haut Atelier GmbH ist genehmigt");
        expect(mail.text_body).toMatch(/\/register\/[\w-]+/);
      });

      it("refuses approving twice (409) and rejecting an approved application", async () => {
        const problem = await t.refused(409, () =>
          staff("POST", `${ADMIN}/partner-applications/${glowId}/approve`, approval),
        );
        expect(problem.detail).toBe("This application has already been reviewed.");
        await t.refused(409, () =>
          staff("POST", `${ADMIN}/partner-applications/${glowId}/reject`, { reason: "late" }),
        );
      });

      it("creates a USD company on the US channel with the USD default minimum and both addresses", async () => {
        const id = await newApplication(
          "buyer@nyc-beauty.example",
          {
            companyName: "NYC Beauty LLC",
            corporateRegistrationNumber: "NY-123",
            relationships: {
              default_contact: {
                name: "Jordan",
                surname: "Lee",
                email: "buyer@nyc-beauty.example",
                phone: "+1 212 555 0199",
              },
              billing_address: {
                country: "us",
                street: "1 Main Street",
                street2: "Suite 5",
                post_code: "10001",
                town: "New York",
                state: "NY",
              },
              shipping_address: {
                country: "US",
                street: "9 Dock Road",
                post_code: "90021",
                town: "Los Angeles",
                state: "California",
                name: "Sam",
                surname: "Ortiz",
              },
            },
          },
          "US",
        );
        const res = await staff("POST", `${ADMIN}/partner-applications/${id}/approve`, {
          priceListCode: "USD_CONTRACT",
          salesAgentName: "Michael Grant",
          salesAgentEmail: "michael.grant@lume-atelier.example",
        });
        expect(res.status, res.raw).toBe(200);
        const company = await staff("GET", res.body.company);
        expect(company.body).toMatchObject({
          currencyCode: "USD",
          channelCode: "US_WHOLESALE",
          minimalOrderValue: 55000,
          paymentTermsDays: 30,
          registrationNumber: "NY-123",
          taxNumber: null,
          defaultBillingAddress: {
            firstName: "Jordan",
            lastName: "Lee",
            company: "NYC Beauty LLC",
            street: "1 Main Street, Suite 5",
            countryCode: "US",
            provinceCode: "US-NY",
            phoneNumber: "+1 212 555 0199",
          },
          defaultShippingAddress: {
            firstName: "Sam",
            city: "Los Angeles",
            provinceCode: "US-CA",
          },
        });
      });

      it("refuses a payload without a usable billing address (422) and an e-mail that has an account (409)", async () => {
        const incomplete = await newApplication("someone@incomplete.example", {
          companyName: "Incomplete Ltd",
          relationships: { billing_address: { country: "ZZ", street: "x" } },
        });
        const problem = await t.refused(422, () =>
          staff("POST", `${ADMIN}/partner-applications/${incomplete}/approve`, approval),
        );
        expect(problem.violations?.map((v) => v.propertyPath)).toEqual(
          expect.arrayContaining([
            "payload.relationships.billing_address.town",
            "payload.relationships.billing_address.country",
          ]),
        );
        const taken = await newApplication(USERS.spaBuyer.toUpperCase());
        await t.refused(409, () =>
          staff("POST", `${ADMIN}/partner-applications/${taken}/approve`, approval),
        );
      });
    });

    it("rejects with a reason and queues a polite mail", async () => {
      const id = await newApplication("hello@no-thanks.example", {
        ...GLOW_PAYLOAD,
        companyName: "No Thanks SAS",
      });
      await t.refused(422, () => staff("POST", `${ADMIN}/partner-applications/${id}/reject`, {}));
      await t.refused(422, () =>
        staff("POST", `${ADMIN}/partner-applications/${id}/reject`, { reason: 42 }),
      );
      await t.refused(422, () =>
        staff("POST", `${ADMIN}/partner-applications/${id}/reject`, {
          reason: "x".repeat(2001),
        }),
      );
      const res = await staff("POST", `${ADMIN}/partner-applications/${id}/reject`, {
        reason: "Outside our distribution area",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: "rejected",
        rejectionReason: "Outside our distribution area",
        company: null,
        reviewedBy: expect.any(Number),
      });
      const mail = await t.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to_address", "=", "hello@no-thanks.example")
        .executeTakeFirstOrThrow();
      expect(mail.kind).toBe("partner_application_rejected");
      expect(mail.text_body).toContain("Hello Camille Laurent,");
      expect(mail.text_body).toContain("No Thanks SAS");
      // The internal reason stays internal.
      expect(mail.text_body).not.toContain("distribution area");
      expect(await lastAudit()).toMatchObject({
        entity_type: "partner_application",
        entity_id: String(id),
        action: "rejected",
        actor_type: "staff",
      });
      await t.refused(409, () =>
        staff("POST", `${ADMIN}/partner-applications/${id}/reject`, { reason: "again" }),
      );
      await t.refused(409, () =>
        staff("POST", `${ADMIN}/partner-applications/${id}/approve`, approval),
      );
    });

    it("writes the rejection mail in the language the applicant applied in (issue 30)", async () => {
      const email = "inhaber@nein-danke.example";
      const id = await newApplication(email, {
        ...GLOW_PAYLOAD,
        companyName: "Nein Danke GmbH",
        relationships: {
          ...GLOW_PAYLOAD.relationships,
          default_contact: { ...GLOW_PAYLOAD.relationships.default_contact, name: "Jonas", email },
          billing_address: { ...GLOW_PAYLOAD.relationships.billing_address, email },
        },
      });
      await t.db
        .updateTable("partner_applications")
        .set({ language: "de" })
        .where("id", "=", id)
        .execute();
      const res = await staff("POST", `${ADMIN}/partner-applications/${id}/reject`, {
        reason: "Not our market",
      });
      expect(res.status, res.raw).toBe(200);
      const mail = await t.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to_address", "=", email)
        .executeTakeFirstOrThrow();
      expect(mail.kind).toBe("partner_application_rejected");
      expect(mail.subject).toBe("Ihr Antrag für das Lumé Atelier Partnerportal");
      expect(mail.text_body).toContain("Guten Tag Jonas");
      expect(mail.text_body).toContain("im Namen von Nein Danke GmbH");
      expect(mail.text_body).not.toMatch(/Dear|Kind regards|Not our market/);
    });
  });

  // ------------------------------------------------------------------ orders

  describe("orders", () => {
    it("lists placed orders newest first, with paging and filters", async () => {
      const res = await staff("GET", `${ADMIN}/orders?itemsPerPage=100`);
      expect(res.status).toBe(200);
      const orders = res.body["hydra:member"] as {
        state: string;
        checkoutCompletedAt: string;
        company: string;
        companyName: string;
      }[];
      expect(orders.length).toBe(res.body["hydra:totalItems"]);
      expect(orders.every((o) => o.state !== "cart")).toBe(true);
      const times = orders.map((o) => o.checkoutCompletedAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(new Set(orders.map((o) => o.companyName))).toEqual(
        new Set(["Demo Spa GmbH", "Demo Retail Inc."]),
      );
      const page = await staff("GET", `${ADMIN}/orders?itemsPerPage=2&page=2`);
      expect(page.body["hydra:member"]).toHaveLength(2);
      expect(page.body["hydra:totalItems"]).toBe(res.body["hydra:totalItems"]);

      const waiting = await staff("GET", `${ADMIN}/orders?state=waiting&company=1`);
      expect(waiting.body["hydra:member"]).toHaveLength(1);
      expect(waiting.body["hydra:member"][0]).toMatchObject({
        state: "waiting",
        company: `${ADMIN}/companies/1`,
      });
      const missing = await staff(
        "GET",
        `${ADMIN}/orders?state=payment_missing&company=${encodeURIComponent(`${ADMIN}/companies/2`)}`,
      );
      expect(missing.body["hydra:member"].map((o: { state: string }) => o.state)).toEqual([
        "payment missing",
      ]);
      const byNumber = await staff("GET", `${ADMIN}/orders?number=000100011-2`);
      expect(byNumber.body["hydra:member"]).toHaveLength(1);
    });

    it.each([
      ["an unknown state", "state=lost"],
      ["a company that is no id", "company=abc"],
      ["a zero page", "page=0"],
      ["a repeated state", "state=new&state=approved"],
    ])("refuses %s as a bad request", async (_name, query) => {
      expectProblem(await staff("GET", `${ADMIN}/orders?${query}`), 400);
    });

    it("shows one order by token, of any company, but never a cart", async () => {
      const row = await t.db
        .selectFrom("orders")
        .select(["token_value", "number"])
        .where("company_id", "=", 2)
        .where("state", "=", "new")
        .executeTakeFirstOrThrow();
      const res = await staff("GET", `${ADMIN}/orders/${row.token_value}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tokenValue: row.token_value,
        number: row.number,
        company: `${ADMIN}/companies/2`,
        companyName: "Demo Retail Inc.",
      });
      expectProblem(await staff("GET", `${ADMIN}/orders/nope`), 404);
      const cart = await t.request("POST", `${SHOP}/orders`, { as: USERS.spaBuyer, body: {} });
      expectProblem(await staff("GET", `${ADMIN}/orders/${cart.body.tokenValue}`), 404);
      await t.refused(404, () =>
        staff("POST", `${ADMIN}/orders/${cart.body.tokenValue}/transitions`, { to: "approved" }),
      );
    });

    describe("transitions", () => {
      const moves = ORDER_STATES.flatMap((from) => ALLOWED[from].map((to) => [from, to] as const));

      it.each(moves)("moves an order from %j to %j", async (from, to) => {
        const order = await placeOrder();
        await setState(order.id, from);
        const res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, { to });
        expect(res.status, res.raw).toBe(200);
        expect(res.body.state).toBe(to);
        const event = await lastAudit();
        expect(event).toMatchObject({
          entity_type: "order",
          entity_id: String(order.id),
          actor_type: "staff",
          company_id: 1,
          before: { state: from, number: order.number },
          after: { state: to },
        });
        expect(event.action).toMatch(
          from === "awaiting approval" ? /^approval\.withdraw$/ : /^transition\./,
        );
      });

      it.each(ORDER_STATES)(
        "refuses every other move from %j (409, nothing changed)",
        async (from) => {
          const order = await placeOrder();
          await setState(order.id, from);
          for (const to of ORDER_STATES.filter((s) => !ALLOWED[from].includes(s))) {
            const problem = await t.refused(409, () =>
              staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, { to }),
            );
            expect(problem.type).toBe("/problems/order-state");
            expect(problem.detail).toBe(
              from === "awaiting approval"
                ? "This order awaits approval by the buyer's company: only its administrators can approve or reject it. The back office can only cancel it."
                : ALLOWED[from].length === 0
                  ? `The order is ${from}; its state can no longer change.`
                  : `An order in state ${from} cannot be moved to ${to}. Possible next states: ${ALLOWED[from].join(", ")}.`,
            );
          }
        },
      );

      it("accepts transition names, and ships the shipments", async () => {
        const order = await placeOrder();
        let res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, {
          transition: "approve",
        });
        expect(res.body.state).toBe("approved");
        res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, {
          transition: "ship",
        });
        expect(res.body).toMatchObject({ state: "shipped", shippingState: "shipped" });
        expect(res.body.shipments.every((s: { state: string }) => s.state === "shipped")).toBe(
          true,
        );
        await t.refused(409, () =>
          staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, {
            transition: "cancel",
          }),
        );
        for (const [transition, state] of [
          ["invoice", "invoiced"],
          ["complete", "completed"],
          ["fulfill", "fulfilled"],
        ]) {
          res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, {
            transition,
          });
          expect(res.body.state).toBe(state);
        }
      });

      it("explains a refused move in the caller's language", async () => {
        const order = await placeOrder();
        const res = await t.request("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, {
          token: staffToken,
          body: { to: "fulfilled" },
          headers: { "accept-language": "de-DE,de;q=0.9" },
        });
        expect(expectProblem(res, 409).detail).toBe(
          "Eine Bestellung im Status new kann nicht in den Status fulfilled wechseln. " +
            "Mögliche nächste Status: approved, waiting, payment missing, cancelled.",
        );
      });

      it("cancelling returns the items' stock and cancels the unpaid payments", async () => {
        const order = await placeOrder();
        const codes = order.items.map((i) => i.variant.split("/").pop()!);
        const before = await Promise.all(codes.map(onHand));
        const res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, {
          to: "canceled",
        });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          state: "cancelled",
          paymentState: "cancelled",
          shippingState: "cancelled",
          totalUnpaidAmount: 0,
        });
        expect(await Promise.all(codes.map(onHand))).toEqual(
          before.map((n, k) => n + order.items[k]!.quantity),
        );
        expect((await paymentsOf(order.id)).map((p) => p.state)).toEqual(["cancelled"]);
        const events = await t.db
          .selectFrom("audit_events")
          .selectAll()
          .where("company_id", "=", 1)
          .orderBy("id", "desc")
          .limit(2)
          .execute();
        expect(events.map((e) => `${e.entity_type}:${e.action}`)).toEqual([
          "order:transition.cancel",
          "payment:cancelled",
        ]);
        expect(events[0]!.after).toMatchObject({
          returnedStock: order.items
            .map((i) => ({ variant: i.variant.split("/").pop()!, quantity: i.quantity }))
            .sort((x, y) => x.variant.localeCompare(y.variant)),
        });
      });

      it("cancelling gives the coupon's use back; a split order's with its last part", async () => {
        const used = () => couponUses(t.db, "WELCOME10");
        const cancel = (token: string) =>
          staff("POST", `${ADMIN}/orders/${token}/transitions`, { transition: "cancel" });
        const start = await used();
        const single = await placeOrder(USERS.spaBuyer, "WELCOME10");
        expect(await used()).toBe(start + 1);
        expect((await cancel(single.tokenValue)).status).toBe(200);
        expect(await used()).toBe(start);
        const [event] = await t.db
          .selectFrom("audit_events")
          .select("after")
          .where("action", "=", "transition.cancel")
          .orderBy("id", "desc")
          .limit(1)
          .execute();
        expect(event!.after).toMatchObject({ couponReleased: "WELCOME10" });

        const order = await placeOrder(USERS.spaBuyer, "WELCOME10");
        const [a, b, c] = order.items.map((i) => i.id) as [number, number, number];
        const split = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/split`, {
          parts: [[a, b], [c]],
        });
        expect(split.status, split.raw).toBe(201);
        const [first, second] = (split.body["hydra:member"] as { tokenValue: string }[]).map(
          (p) => p.tokenValue,
        ) as [string, string];
        expect(await used()).toBe(start + 1);
        expect((await cancel(second)).status).toBe(200);
        expect(await used()).toBe(start + 1);
        expect((await cancel(first)).status).toBe(200);
        expect(await used()).toBe(start);
        // Cancelled already: nothing more to give back, the count never goes below what it was.
        await t.refused(409, () => cancel(first));
        expect(await used()).toBe(start);
      });

      it("keeps a received partial payment when cancelling", async () => {
        const order = await placeOrder();
        await staff("POST", `${ADMIN}/orders/${order.tokenValue}/payments`, { amount: 1000 });
        const res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/transitions`, {
          to: "cancelled",
        });
        expect(res.body.paymentState).toBe("partially_paid");
        expect((await paymentsOf(order.id)).map((p) => p.state)).toEqual([
          "completed",
          "cancelled",
        ]);
      });

      it.each([
        ["no move", {}],
        ["both a transition and a state", { transition: "approve", to: "approved" }],
        ["an unknown transition", { transition: "teleport" }],
        ["an unknown state", { to: "lost" }],
        ["a cart as target", { to: "cart" }],
        ["a number", { to: 3 }],
        ["an array", { transition: ["approve"] }],
        ["an unknown field", { to: "approved", note: "x" }],
        ["a too long state", { to: "x".repeat(41) }],
      ])("refuses %s (422, nothing changed)", async (_name, body) => {
        const row = await t.db
          .selectFrom("orders")
          .select("token_value")
          .where("state", "=", "new")
          .executeTakeFirstOrThrow();
        await t.refused(422, () =>
          staff("POST", `${ADMIN}/orders/${row.token_value}/transitions`, body),
        );
      });

      it("refuses a body that is not an object", async () => {
        const row = await t.db
          .selectFrom("orders")
          .select("token_value")
          .where("state", "=", "new")
          .executeTakeFirstOrThrow();
        await t.refused(422, () =>
          staff("POST", `${ADMIN}/orders/${row.token_value}/transitions`, ["approve"]),
        );
        await t.refused(400, () =>
          t.request("POST", `${ADMIN}/orders/${row.token_value}/transitions`, {
            token: staffToken,
            body: "{not json",
            headers: { "content-type": "application/json" },
          }),
        );
      });
    });

    describe("splitting", () => {
      it("splits into N orders whose totals are recomputed and add up, visible to the company", async () => {
        const order = await placeOrder();
        const [a, b, c] = order.items.map((i) => i.id) as [number, number, number];
        const res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/split`, {
          parts: [[a], [b], { items: [{ id: c }] }],
        });
        expect(res.status, res.raw).toBe(201);
        const parts = res.body["hydra:member"] as {
          tokenValue: string;
          number: string;
          splitIndex: number;
          splitCount: number;
          total: number;
          itemsTotal: number;
          shippingTotal: number;
          shippingTaxTotal: number;
          taxTotal: number;
          items: { id: number; quantity: number; total: number }[];
          payments: { state: string; amount: number; dueDate: string; method: string }[];
          billingAddress: unknown;
          shippingAddress: unknown;
          currencyCode: string;
          state: string;
        }[];
        expect(parts.map((p) => [p.number, p.splitIndex, p.splitCount])).toEqual([
          [order.number, 1, 3],
          [`${order.number}-2`, 2, 3],
          [`${order.number}-3`, 3, 3],
        ]);
        expect(parts[0]!.tokenValue).toBe(order.tokenValue);
        expect(parts.map((p) => p.items.map((i) => i.quantity))).toEqual(
          order.items.map((i) => [i.quantity]),
        );
        const original = (
          await t.request("GET", `${SHOP}/orders/${order.tokenValue}`, {
            as: USERS.spaBuyer,
          })
        ).body;
        const duePayment = (await paymentsOf(order.id))[0]!;
        for (const p of parts) {
          expect(p.total).toBe(p.itemsTotal + p.shippingTotal + p.shippingTaxTotal + p.taxTotal);
          expect(p.itemsTotal).toBe(p.items.reduce((s, i) => s + i.total, 0));
          expect(p.payments).toEqual([
            expect.objectContaining({ state: "new", amount: p.total, method: expect.any(String) }),
          ]);
          expect(new Date(p.payments[0]!.dueDate).getTime()).toBe(
            new Date(duePayment.due_date!).getTime(),
          );
          expect(p).toMatchObject({
            state: "new",
            currencyCode: "EUR",
            billingAddress: original.billingAddress,
            shippingAddress: original.shippingAddress,
          });
        }
        // Line amounts are unchanged by the split, so the items add up exactly.
        expect(parts.reduce((s, p) => s + p.itemsTotal, 0)).toBe(order.itemsTotal);
        // The parts share the order's shipping: the partner pays what was placed (decision 028).
        expect(parts.reduce((s, p) => s + p.shippingTotal, 0)).toBe(order.shippingTotal);
        expect(parts.reduce((s, p) => s + p.total, 0)).toBe(order.total);
        const parent = await t.request("GET", `${SHOP}/orders/${order.tokenValue}`, {
          as: USERS.spaBuyer,
        });
        expect(parent.body.splitTotal).toBe(order.total);
        expect(parts.reduce((s, p) => s + p.items.length, 0)).toBe(3);

        // The company sees the children in its order history; another company does not.
        const history = await t.request("GET", `${SHOP}/orders?itemsPerPage=100`, {
          as: USERS.spaAdmin,
        });
        const numbers = history.body["hydra:member"].map((o: { number: string }) => o.number);
        expect(numbers).toEqual(expect.arrayContaining(parts.map((p) => p.number)));
        const child = await t.request("GET", `${SHOP}/orders/${parts[1]!.tokenValue}`, {
          as: USERS.spaMarketing,
        });
        expect(child.status).toBe(200);
        expect(child.body.splitIndex).toBe(2);
        expectProblem(
          await t.request("GET", `${SHOP}/orders/${parts[1]!.tokenValue}`, {
            as: USERS.retailAdmin,
          }),
          404,
        );
        const events = await t.db
          .selectFrom("audit_events")
          .selectAll()
          .where("entity_type", "=", "order")
          .orderBy("id", "desc")
          .limit(3)
          .execute();
        expect(events.map((e) => e.action).sort()).toEqual([
          "created_by_split",
          "created_by_split",
          "split",
        ]);

        // A split order, or a part of one, is not split again.
        await t.refused(409, () =>
          staff("POST", `${ADMIN}/orders/${order.tokenValue}/split`, { parts: [[a], [a]] }),
        );
        await t.refused(409, () =>
          staff("POST", `${ADMIN}/orders/${parts[1]!.tokenValue}/split`, { parts: [[b], [b]] }),
        );
      });

      it("divides a line's units between parts", async () => {
        const order = await placeOrder();
        const [a, b, c] = order.items as [
          (typeof order.items)[0],
          (typeof order.items)[0],
          (typeof order.items)[0],
        ];
        const res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/split`, {
          parts: [
            { items: [{ id: a.id, quantity: 5 }, { id: b.id }] },
            { items: [{ id: a.id, quantity: 15 }, { id: c.id }] },
          ],
        });
        expect(res.status, res.raw).toBe(201);
        const [parent, child] = res.body["hydra:member"];
        const units = (o: { items: { variant: string; quantity: number }[] }) =>
          Object.fromEntries(o.items.map((i) => [i.variant.split("/").pop(), i.quantity]));
        expect(units(parent)).toEqual({
          "FIRM-LIFT-SERUM-30ML": 5,
          "HYDRA-BARRIER-CREAM-50ML": 10,
        });
        expect(units(child)).toEqual({
          "FIRM-LIFT-SERUM-30ML": 15,
          "ENAMEL-CARE-TOOTHPASTE-75ML": 12,
        });
        expect(parent.itemsTotal + child.itemsTotal).toBe(order.itemsTotal);
        expect(parent.total + child.total).toBe(order.total);
        expect(parent.taxTotal + child.taxTotal).toBe(order.taxTotal);
        expect(parent.payments[0].amount).toBe(parent.total);
        expect(child.payments[0].amount).toBe(child.total);
      });

      it.each([
        ["one part", (i: number[]) => ({ parts: [i] })],
        ["an empty part", (i: number[]) => ({ parts: [i, []] })],
        [
          "an item of another order",
          (i: number[]) => ({
            parts: [
              [i[0], i[1]],
              [i[2], 1],
            ],
          }),
        ],
        ["an item left out", (i: number[]) => ({ parts: [[i[0]], [i[1]]] })],
        [
          "an item in two parts",
          (i: number[]) => ({
            parts: [
              [i[0], i[1]],
              [i[1], i[2]],
            ],
          }),
        ],
        ["ids as strings", (i: number[]) => ({ parts: [[String(i[0])], [i[1], i[2]]] })],
        [
          "a quantity too large",
          (i: number[]) => ({
            parts: [{ items: [{ id: i[0], quantity: 21 }] }, [i[1], i[2]]],
          }),
        ],
        [
          "a zero quantity",
          (i: number[]) => ({
            parts: [{ items: [{ id: i[0], quantity: 0 }] }, [i[0], i[1], i[2]]],
          }),
        ],
        ["no parts", () => ({})],
        ["parts as a string", () => ({ parts: "1,2" })],
        ["an unknown field", (i: number[]) => ({ parts: [[i[0]], [i[1], i[2]]], dryRun: true })],
      ])("refuses %s (422, nothing changed)", async (_name, body) => {
        const order = await placeOrder();
        await t.refused(422, () =>
          staff(
            "POST",
            `${ADMIN}/orders/${order.tokenValue}/split`,
            body(order.items.map((x) => x.id)),
          ),
        );
      });

      it("refuses cancelled, fulfilled and paid orders (409)", async () => {
        for (const state of ["cancelled", "fulfilled"]) {
          const order = await placeOrder();
          await setState(order.id, state);
          const ids = order.items.map((i) => i.id);
          await t.refused(409, () =>
            staff("POST", `${ADMIN}/orders/${order.tokenValue}/split`, {
              parts: [[ids[0]], [ids[1], ids[2]]],
            }),
          );
        }
        const paid = await placeOrder();
        await staff("POST", `${ADMIN}/orders/${paid.tokenValue}/payments`, { amount: 100 });
        const ids = paid.items.map((i) => i.id);
        const problem = await t.refused(409, () =>
          staff("POST", `${ADMIN}/orders/${paid.tokenValue}/split`, {
            parts: [[ids[0]], [ids[1], ids[2]]],
          }),
        );
        expect(problem.detail).toContain("cannot be split");
      });
    });

    describe("recording payments", () => {
      it("records a partial payment, then the rest", async () => {
        const order = await placeOrder();
        let res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/payments`, {
          amount: 12050,
          method: `${SHOP}/payment-methods/invoice`,
        });
        expect(res.status, res.raw).toBe(200);
        expect(res.body).toMatchObject({
          paymentState: "partially_paid",
          totalUnpaidAmount: order.total - 12050,
        });
        let payments = await paymentsOf(order.id);
        expect(payments.map((p) => [p.state, p.amount, p.method_code])).toEqual([
          ["completed", 12050, "invoice"],
          // The rest stays due by the order's method: it was placed on invoice.
          ["new", order.total - 12050, "invoice"],
        ]);
        expect(payments[1]!.due_date).toEqual(payments[0]!.due_date);
        expect(await lastAudit()).toMatchObject({
          entity_type: "order",
          action: "payment_recorded",
          after: { paymentState: "partially_paid", amount: 12050 },
        });

        await t.refused(422, () =>
          staff("POST", `${ADMIN}/orders/${order.tokenValue}/payments`, {
            amount: order.total - 12050 + 1,
          }),
        );
        res = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/payments`, {
          amount: order.total - 12050,
        });
        expect(res.body).toMatchObject({ paymentState: "paid", totalUnpaidAmount: 0 });
        payments = await paymentsOf(order.id);
        expect(payments.map((p) => p.state)).toEqual(["completed", "completed"]);
        expect(payments.reduce((s, p) => s + p.amount, 0)).toBe(order.total);
        const problem = await t.refused(409, () =>
          staff("POST", `${ADMIN}/orders/${order.tokenValue}/payments`, { amount: 1 }),
        );
        expect(problem.detail).toBe("Nothing is left to pay on this order.");
      });

      it("settles a split order's parts separately", async () => {
        const order = await placeOrder();
        const ids = order.items.map((i) => i.id);
        const split = await staff("POST", `${ADMIN}/orders/${order.tokenValue}/split`, {
          parts: [[ids[0]], [ids[1], ids[2]]],
        });
        const child = split.body["hydra:member"][1];
        const res = await staff("POST", `${ADMIN}/orders/${child.tokenValue}/payments`, {
          amount: child.total,
        });
        expect(res.body.paymentState).toBe("paid");
        const parent = await staff("GET", `${ADMIN}/orders/${order.tokenValue}`);
        expect(parent.body.paymentState).toBe("awaiting_payment");
      });

      it.each([
        ["zero", { amount: 0 }, 422],
        ["a negative amount", { amount: -100 }, 422],
        ["a fraction", { amount: 10.5 }, 422],
        ["a string", { amount: "120.50" }, 422],
        ["no amount", {}, 422],
        ["an amount above what is unpaid", { amount: 999_999_999 }, 422],
        ["an unknown method", { amount: 100, method: "cash" }, 422],
        [
          "a method of another collection",
          { amount: 100, method: "/api/v2/shop/countries/DE" },
          422,
        ],
        ["an unknown field", { amount: 100, reference: "x" }, 422],
      ])("refuses %s, changing nothing", async (_name, body, status) => {
        const order = await t.db
          .selectFrom("orders")
          .select("token_value")
          .where("state", "=", "new")
          .where("company_id", "=", 2)
          .executeTakeFirstOrThrow();
        await t.refused(status, () =>
          staff("POST", `${ADMIN}/orders/${order.token_value}/payments`, body),
        );
      });

      it("refuses payments for a cancelled order (409) and an unknown order (404)", async () => {
        const cancelled = await t.db
          .selectFrom("orders")
          .select("token_value")
          .where("state", "=", "cancelled")
          .executeTakeFirstOrThrow();
        await t.refused(409, () =>
          staff("POST", `${ADMIN}/orders/${cancelled.token_value}/payments`, { amount: 100 }),
        );
        await t.refused(404, () => staff("POST", `${ADMIN}/orders/nope/payments`, { amount: 100 }));
      });
    });
  });

  // ------------------------------------------------------------------ companies

  describe("companies", () => {
    it("lists companies and shows one with its users", async () => {
      const list = await staff("GET", `${ADMIN}/companies`);
      expect(list.status).toBe(200);
      expect(list.body["hydra:member"].slice(0, 2)).toMatchObject([
        {
          "@id": `${ADMIN}/companies/1`,
          "@type": "Company",
          name: "Demo Spa GmbH",
          currencyCode: "EUR",
          salesAgent: { name: "Clara Weiss" },
          defaultBillingAddress: { city: "Berlin" },
          defaultShippingAddress: { city: "Hamburg" },
        },
        { "@id": `${ADMIN}/companies/2`, name: "Demo Retail Inc.", currencyCode: "USD" },
      ]);
      const one = await staff("GET", `${ADMIN}/companies/1`);
      expect(one.body.users).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: USERS.spaAdmin, status: "active" }),
          expect.objectContaining({ email: "new.colleague@demo-spa.example", status: "pending" }),
        ]),
      );
      expectProblem(await staff("GET", `${ADMIN}/companies/9999`), 404);
      expectProblem(await staff("GET", `${ADMIN}/companies/one`), 404);
    });

    it("assigns a sales agent, audited", async () => {
      const res = await staff("PUT", `${ADMIN}/companies/2/sales-agent`, {
        name: "Nora Blake",
        email: "nora.blake@lume-atelier.example",
      });
      expect(res.status).toBe(200);
      expect(res.body.salesAgent).toEqual({
        name: "Nora Blake",
        email: "nora.blake@lume-atelier.example",
      });
      // The shop shows the new person responsible.
      const me = await t.request("GET", `${SHOP}/customers/${await retailAdminId()}`, {
        as: USERS.retailAdmin,
      });
      expect(me.body.personResponsible).toEqual({
        name: "Nora Blake",
        email: "nora.blake@lume-atelier.example",
      });
      expect(await lastAudit()).toMatchObject({
        entity_type: "company",
        entity_id: "2",
        company_id: 2,
        action: "sales_agent_assigned",
        before: { salesAgent: { name: "Michael Grant" } },
        after: { salesAgent: { name: "Nora Blake" } },
      });
    });

    async function retailAdminId() {
      return (
        await t.db
          .selectFrom("shop_users")
          .select("id")
          .where("email", "=", USERS.retailAdmin)
          .executeTakeFirstOrThrow()
      ).id;
    }

    it.each([
      ["no body", undefined, 422],
      ["a bad e-mail", { name: "Nora Blake", email: "nora" }, 422],
      ["a name as number", { name: 5, email: "n@x.example" }, 422],
      ["a short name", { name: "N", email: "n@x.example" }, 422],
      ["an unknown field", { name: "Nora", email: "n@x.example", phone: "1" }, 422],
    ])("refuses %s", async (_name, body, status) => {
      await t.refused(status, () => staff("PUT", `${ADMIN}/companies/1/sales-agent`, body));
    });

    it("answers 404 for an unknown company", async () => {
      await t.refused(404, () =>
        staff("PUT", `${ADMIN}/companies/9999/sales-agent`, { name: "Nora", email: "n@x.example" }),
      );
    });
  });
});
