import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backends,
  DEMO_PASSWORD,
  expectProblem,
  startTestApp,
  TEST_SECRET,
  USERS,
  type TestApp,
} from "../support/test-app.js";

const API = "/api/v2/shop";
const ISSUER = "partner-portal";
const SHOP_AUDIENCE = "shop";
const INVALID_CREDENTIALS = "Invalid credentials.";
const INVALID_TOKEN = "Your session is no longer valid. Please sign in again.";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A token signed like the server's, with whatever claims and key the test needs. */
async function sign(
  claims: {
    sub?: string;
    iss?: string;
    aud?: string | null;
    exp?: number | string;
    jti?: string | null;
  },
  secret: string = TEST_SECRET,
) {
  let jwt = new SignJWT({}).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt();
  // Every token the server signs has an id (decision 037); null leaves it out.
  if (claims.jti !== null) jwt = jwt.setJti(claims.jti ?? crypto.randomUUID());
  if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub);
  if (claims.iss !== undefined) jwt = jwt.setIssuer(claims.iss);
  const aud = claims.aud === undefined ? SHOP_AUDIENCE : claims.aud;
  if (aud !== null) jwt = jwt.setAudience(aud);
  jwt = jwt.setExpirationTime(claims.exp ?? "1h");
  return jwt.sign(new TextEncoder().encode(secret));
}

describe.each(backends)("sign-in and tokens on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (email: unknown, password: unknown = DEMO_PASSWORD) =>
    t.request("POST", `${API}/customers/token`, { body: { email, password } });

  describe("POST /customers/token", () => {
    it("returns a token, the customer's IRI and an httpOnly token cookie", async () => {
      const res = await signIn(USERS.spaBuyer);
      expect(res.status).toBe(200);
      const id = await t.userId(USERS.spaBuyer);
      expect(res.body).toEqual({ token: expect.any(String), customer: `${API}/customers/${id}` });
      expect(res.body.token.split(".")).toHaveLength(3);
      const cookies = [res.headers["set-cookie"]].flat().map(String);
      const cookie = cookies.find((c) => c.startsWith("token="));
      expect(cookie).toBeDefined();
      expect(cookie).toContain(`token=${res.body.token}`);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      const me = await t.request("GET", `${API}/customers/${id}`, { token: res.body.token });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(USERS.spaBuyer);
    });

    it("matches the e-mail without regard to case", async () => {
      const res = await signIn("BUYER@Demo-Spa.EXAMPLE");
      expect(res.status).toBe(200);
      expect(res.body.customer).toBe(`${API}/customers/${await t.userId(USERS.spaBuyer)}`);
    });

    it("refuses a wrong password and an unknown e-mail alike", async () => {
      const wrong = await t.refused(401, () => signIn(USERS.spaBuyer, "not-the-password"));
      const unknown = await t.refused(401, () => signIn("nobody@demo-spa.example"));
      expect(wrong.detail).toBe(INVALID_CREDENTIALS);
      expect(unknown.detail).toBe(INVALID_CREDENTIALS);
      expect(unknown).toEqual(wrong);
    });

    it.each([
      ["a missing e-mail", { password: DEMO_PASSWORD }, "email", "field.required"],
      ["an empty e-mail", { email: "", password: DEMO_PASSWORD }, "email", "field.required"],
      [
        "an invalid e-mail",
        { email: "not-an-email", password: DEMO_PASSWORD },
        "email",
        "field.email",
      ],
      ["a non-string e-mail", { email: 42, password: DEMO_PASSWORD }, "email", "field.type"],
      ["a missing password", { email: USERS.spaBuyer }, "password", "field.required"],
      [
        "an unknown field",
        { email: USERS.spaBuyer, password: DEMO_PASSWORD, remember: true },
        "remember",
        "field.unknown",
      ],
    ])("refuses %s with a 422 violation", async (_name, body, propertyPath, code) => {
      const problem = await t.refused(422, () =>
        t.request("POST", `${API}/customers/token`, { body }),
      );
      expect(problem.violations).toContainEqual(expect.objectContaining({ propertyPath, code }));
    });

    it("refuses a disabled user at sign-in and on the next request with their token", async () => {
      const token = await t.token(USERS.spaMarketing);
      expect((await t.request("GET", `${API}/orders`, { token })).status).toBe(200);
      await t.db
        .updateTable("shop_users")
        .set({ enabled: false })
        .where("email", "=", USERS.spaMarketing)
        .execute();
      try {
        const signInProblem = await t.refused(401, () => signIn(USERS.spaMarketing));
        expect(signInProblem.detail).toBe(INVALID_CREDENTIALS);
        const next = await t.refused(401, () => t.request("GET", `${API}/orders`, { token }));
        expect(next.detail).toBe(INVALID_TOKEN);
      } finally {
        await t.db
          .updateTable("shop_users")
          .set({ enabled: true })
          .where("email", "=", USERS.spaMarketing)
          .execute();
      }
      expect((await t.request("GET", `${API}/orders`, { token })).status).toBe(200);
    });

    it("refuses the users of a disabled company", async () => {
      const token = await t.token(USERS.retailAdmin);
      await t.db
        .updateTable("companies")
        .set({ enabled: false })
        .where("name", "=", "Demo Retail Inc.")
        .execute();
      try {
        await t.refused(401, () => signIn(USERS.retailAdmin));
        await t.refused(401, () => t.request("GET", `${API}/orders`, { token }));
      } finally {
        await t.db
          .updateTable("companies")
          .set({ enabled: true })
          .where("name", "=", "Demo Retail Inc.")
          .execute();
      }
      expect((await t.request("GET", `${API}/orders`, { token })).status).toBe(200);
    });
  });

  it("applies a role change from the database on the next request", async () => {
    const cart = await t.request("POST", `${API}/orders`, { as: USERS.spaBuyer, body: {} });
    expect(cart.status).toBe(201);
    const complete = () =>
      t.request("PATCH", `${API}/orders/${cart.body.tokenValue}/complete`, {
        as: USERS.spaBuyer,
        body: {},
      });
    // As COMMERCIAL the buyer may complete; the empty cart is refused for its content.
    expect((await t.refused(422, complete)).type).toBe("/problems/checkout");
    await t.db
      .updateTable("shop_users")
      .set({ roles: ["ROLE_COMPANY_MARKETING"] })
      .where("email", "=", USERS.spaBuyer)
      .execute();
    try {
      expect((await t.refused(403, complete)).type).toBe("/problems/forbidden");
    } finally {
      await t.db
        .updateTable("shop_users")
        .set({ roles: ["ROLE_COMPANY_COMMERCIAL"] })
        .where("email", "=", USERS.spaBuyer)
        .execute();
    }
    expect((await t.refused(422, complete)).type).toBe("/problems/checkout");
  });

  describe("bearer tokens", () => {
    const rejected: [string, () => Promise<string>][] = [
      ["garbage", async () => "not-a-jwt"],
      ["a token with a broken signature", async () => `${await sign({ sub: "1", iss: ISSUER })}x`],
      [
        "an expired token",
        async () => sign({ sub: "1", iss: ISSUER, exp: Math.floor(Date.now() / 1000) - 60 }),
      ],
      [
        "a token signed with another key",
        async () => sign({ sub: "1", iss: ISSUER }, "another-secret-".padEnd(48, "y")),
      ],
      [
        "an unsigned alg:none token",
        async () => {
          const header = base64url({ alg: "none", typ: "JWT" });
          const payload = base64url({
            sub: "1",
            iss: ISSUER,
            aud: SHOP_AUDIENCE,
            exp: Math.floor(Date.now() / 1000) + 3600,
          });
          return `${header}.${payload}.`;
        },
      ],
      ["a token from another issuer", async () => sign({ sub: "1", iss: "someone-else" })],
      ["a token without an issuer", async () => sign({ sub: "1" })],
      ["a back-office token", async () => sign({ sub: "1", iss: ISSUER, aud: "backoffice" })],
      ["a token without an audience", async () => sign({ sub: "1", iss: ISSUER, aud: null })],
      ["a token with a non-numeric subject", async () => sign({ sub: "admin", iss: ISSUER })],
      ["a token without a subject", async () => sign({ iss: ISSUER })],
      ["a token for an unknown user id", async () => sign({ sub: "999999", iss: ISSUER })],
      [
        "a token without an id (it could not be signed out)",
        async () => sign({ sub: "1", iss: ISSUER, jti: null }),
      ],
    ];

    it("accepts a well-formed token signed with the server's secret", async () => {
      const token = await sign({ sub: String(await t.userId(USERS.spaBuyer)), iss: ISSUER });
      const res = await t.request("GET", `${API}/orders`, { token });
      expect(res.status).toBe(200);
    });

    it.each(rejected)("refuses %s with a 401 problem", async (_name, make) => {
      const token = await make();
      const problem = await t.refused(401, () => t.request("GET", `${API}/orders`, { token }));
      expect(problem).toMatchObject({
        type: "/problems/unauthorized",
        status: 401,
        detail: INVALID_TOKEN,
      });
    });

    it.each(rejected)("refuses %s even on a public catalogue page", async (_name, make) => {
      const token = await make();
      expectProblem(await t.request("GET", `${API}/products?itemsPerPage=1`, { token }), 401);
    });

    it("refuses the token of a user deleted since it was issued", async () => {
      const company = await t.db
        .selectFrom("companies")
        .select("id")
        .where("name", "=", "Demo Spa GmbH")
        .executeTakeFirstOrThrow();
      const hash = await t.db
        .selectFrom("shop_users")
        .select("password_hash")
        .where("email", "=", USERS.spaBuyer)
        .executeTakeFirstOrThrow();
      const email = "leaver@demo-spa.example";
      await t.db
        .insertInto("shop_users")
        .values({
          company_id: company.id,
          email,
          password_hash: hash.password_hash,
          roles: ["ROLE_COMPANY_COMMERCIAL"],
          created_at: new Date(),
        })
        .execute();
      const signedIn = await signIn(email);
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.token as string;
      expect((await t.request("GET", `${API}/orders`, { token })).status).toBe(200);
      await t.db.deleteFrom("shop_users").where("email", "=", email).execute();
      const problem = await t.refused(401, () => t.request("GET", `${API}/orders`, { token }));
      expect(problem.detail).toBe(INVALID_TOKEN);
    });

    it.each([
      [
        "Basic credentials",
        `Basic ${Buffer.from(`${USERS.spaBuyer}:${DEMO_PASSWORD}`).toString("base64")}`,
      ],
      ["a bare Bearer", "Bearer"],
      ["an empty Bearer", "Bearer "],
    ])(
      "refuses %s in the Authorization header with a 401 problem",
      async (_name, authorization) => {
        await t.refused(401, () =>
          t.request("GET", `${API}/orders`, { headers: { authorization } }),
        );
      },
    );

    it("asks visitors to sign in on protected endpoints", async () => {
      const problem = await t.refused(401, () => t.request("GET", `${API}/orders`));
      expect(problem).toMatchObject({
        type: "/problems/unauthorized",
        detail: "Please sign in to continue.",
      });
    });
  });

  describe("token cookie", () => {
    it("is accepted on GET requests", async () => {
      const token = await t.token(USERS.spaBuyer);
      const res = await t.request("GET", `${API}/orders`, {
        headers: { cookie: `token=${token}` },
      });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body["hydra:member"])).toBe(true);
    });

    it("is ignored when invalid: public pages load, private ones ask to sign in", async () => {
      const headers = { cookie: "token=garbage" };
      const catalogue = await t.request("GET", `${API}/products?itemsPerPage=1`, { headers });
      expect(catalogue.status).toBe(200);
      expect(catalogue.body["hydra:member"][0].variantsData[0].price).toBeNull();
      const problem = await t.refused(401, () => t.request("GET", `${API}/orders`, { headers }));
      expect(problem.detail).toBe("Please sign in to continue.");
    });

    it("is accepted on POST only with the CSRF header, so a cross-site form cannot act for the user", async () => {
      const token = await t.token(USERS.spaBuyer);
      const problem = await t.refused(403, () =>
        t.request("POST", `${API}/orders`, { body: {}, headers: { cookie: `token=${token}` } }),
      );
      expect(problem.type).toBe("/problems/csrf");
      const res = await t.request("POST", `${API}/orders`, {
        body: {},
        headers: { cookie: `token=${token}`, "x-requested-with": "XMLHttpRequest" },
      });
      expect(res.status).toBe(201);
    });

    it("gives way to the Authorization header when both are sent", async () => {
      const spa = await t.token(USERS.spaBuyer);
      const retail = await t.token(USERS.retailAdmin);
      const res = await t.request("GET", `${API}/channels`, {
        token: retail,
        headers: { cookie: `token=${spa}` },
      });
      expect(res.body["hydra:member"].map((c: { code: string }) => c.code)).toEqual([
        "US_WHOLESALE",
      ]);
    });
  });
});
