import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestApp, USERS, type TestApp } from "../support/test-app.js";

const API = "/api/v2/shop";

/**
 * Races of the account area on a real PostgreSQL server over real HTTP (PGlite is one
 * connection, so it cannot race). Each test fires its requests at once and checks the
 * invariants afterwards; no request may end in a 5xx.
 */
describe.skipIf(!inject("pgUrl"))("account concurrency on PostgreSQL", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp("postgres");
    base = await t.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(method: string, path: string, as: string | undefined, body?: unknown) {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(as ? { authorization: `Bearer ${await t.token(as)}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function tokenFromMail(email: string) {
    const mail = await t.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", email)
      .executeTakeFirstOrThrow();
    return /\/register\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
  }

  it("registers exactly once from 10 parallel uses of one invitation link", async () => {
    const email = "race.register@demo-spa.example";
    const invited = await call("POST", `${API}/shop-users`, USERS.spaAdmin, {
      email,
      roles: ["COMMERCIAL"],
    });
    expect(invited.status).toBe(201);
    const token = await tokenFromMail(email);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        call("POST", "/api/v2/team-members/register", undefined, {
          firstName: `Racer${n}`,
          lastName: "Parallel",
          token,
          newPlainPassword: `pass phrase number ${n}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    const winner = results.findIndex((r) => r.status === 201);
    const login = await call("POST", `${API}/customers/token`, undefined, {
      email,
      password: `pass phrase number ${winner}`,
    });
    expect(login.status).toBe(200);
    const lines = await t.db
      .selectFrom("audit_events")
      .select("id")
      .where("entity_type", "=", "shop_user")
      .where("entity_id", "=", String(invited.body.id))
      .where("action", "=", "register")
      .execute();
    expect(lines).toHaveLength(1);
  });

  it("invites one person once from 10 parallel invitations", async () => {
    const email = "race.invite@demo-spa.example";
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", `${API}/shop-users`, USERS.spaAdmin, { email, roles: ["MARKETING"] }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 422))
      expect(r.body.violations[0].code).toBe("account.emailTaken");
    const mails = await t.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", email)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it("never leaves a company without an admin when two admins demote each other at once", async () => {
    const admin = await t.userId(USERS.spaAdmin);
    const buyer = await t.userId(USERS.spaBuyer);
    expect(
      (await call("PUT", `${API}/shop-users/${buyer}`, USERS.spaAdmin, { roles: ["ADMIN"] }))
        .status,
    ).toBe(200);
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([
        call("PUT", `${API}/shop-users/${buyer}`, USERS.spaAdmin, { roles: ["COMMERCIAL"] }),
        call("PUT", `${API}/shop-users/${admin}`, USERS.spaBuyer, { roles: ["COMMERCIAL"] }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 403]);
      const admins = (
        await t.db
          .selectFrom("shop_users")
          .select(["id", "roles"])
          .where("company_id", "=", 1)
          .execute()
      ).filter((u) => u.roles.includes("ROLE_COMPANY_ADMIN"));
      expect(admins).toHaveLength(1);
      // Whoever is left promotes the other again for the next round.
      const [left] = admins;
      const other = left!.id === admin ? buyer : admin;
      const as = left!.id === admin ? USERS.spaAdmin : USERS.spaBuyer;
      const back = await call("PUT", `${API}/shop-users/${other}`, as, { roles: ["ADMIN"] });
      expect(back.status).toBe(200);
    }
  });

  it("serialises removing an address and making it the default shipping address", async () => {
    const me = await t.userId(USERS.spaBuyer);
    for (let round = 0; round < 5; round++) {
      const created = await call("POST", `${API}/addresses`, USERS.spaBuyer, {
        firstName: "Rene",
        lastName: "Race",
        company: "Demo Spa GmbH",
        street: `Racestraße ${round}`,
        city: "Berlin",
        postcode: "10117",
        countryCode: "DE",
      });
      expect(created.status).toBe(201);
      const [removed, patched] = await Promise.all([
        call("DELETE", `${API}/addresses/${created.body.id}`, USERS.spaBuyer),
        call("PATCH", `${API}/customers/${me}/default-shipping-address`, USERS.spaBuyer, {
          defaultShippingAddress: created.body["@id"],
        }),
      ]);
      // One of them wins; the other is refused with a rule, never a 5xx.
      expect([
        [204, 422],
        [422, 200],
      ]).toContainEqual([removed.status, patched.status]);
      const company = await t.db
        .selectFrom("companies")
        .select("default_shipping_address_id")
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      const exists = await t.db
        .selectFrom("addresses")
        .select("id")
        .where("id", "=", company.default_shipping_address_id!)
        .executeTakeFirst();
      expect(exists).toBeDefined();
      await call("PATCH", `${API}/customers/${me}/default-shipping-address`, USERS.spaBuyer, {
        defaultShippingAddress: `${API}/addresses/2`,
      });
    }
  });
});
