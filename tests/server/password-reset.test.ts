import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backends,
  DEMO_PASSWORD,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";

const REQUESTS = "/api/v2/shop/reset-password-requests";
const LINK = (token: string) => `/api/v2/shop/reset-password/${token}`;
const NEW_PASSWORD = "a-much-better-secret";

describe.each(backends)("forgotten password on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const mailsTo = (email: string) =>
    t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", email)
      .orderBy("id")
      .execute();
  const ask = (email: string, headers: Record<string, string> = {}) =>
    t.request("POST", REQUESTS, { body: { email }, headers });
  /** Asks for a reset and returns the token of the link in the newest mail. */
  async function tokenFor(email: string, headers: Record<string, string> = {}) {
    const res = await ask(email, headers);
    expect(res.status).toBe(202);
    const mail = (await mailsTo(email)).filter((m) => m.kind === "password_reset").pop()!;
    const match = /(\S+)\/forgotten-password\/([A-Za-z0-9_-]+)/.exec(mail.text_body);
    expect(match?.[1]).toBe(t.config.publicUrl);
    return match![2]!;
  }
  const signIn = (email: string, password: string) =>
    t.request("POST", "/api/v2/shop/customers/token", { body: { email, password } });
  const setPassword = (token: string, newPassword: unknown, confirmNewPassword = newPassword) =>
    t.request("PATCH", LINK(token), { body: { newPassword, confirmNewPassword } });

  it("resets a password with the mailed link, once", async () => {
    const email = USERS.spaBuyer;
    // A session signed in before the reset must end with it.
    const earlier = (
      await t.request("POST", "/api/v2/shop/customers/token", {
        body: { email, password: "partner-demo" },
      })
    ).body.token as string;
    const before = (await mailsTo(email)).length;
    const res = await ask("  BUYER@demo-spa.example ");
    expect(res.status).toBe(202);
    expect(res.raw).toBe("");
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ kind: "password_reset", status: "pending" });
    expect(mail.subject).toBe("Reset your password for the Lumé Atelier partner portal");
    const token = /\/forgotten-password\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    expect(mail.text_body).toContain(`${t.config.publicUrl}/forgotten-password/${token}`);

    // Only the token's hash is stored, with an expiry an hour ahead.
    const stored = await t.db
      .selectFrom("password_resets")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    const minutes = (new Date(stored.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    expect(await t.request("GET", LINK(token))).toMatchObject({
      status: 200,
      body: { valid: true },
    });

    // The password rules apply; refusals change nothing and keep the link usable.
    let problem = await t.refused(422, () => setPassword(token, "short"));
    expect(problem.violations).toEqual([
      {
        propertyPath: "newPassword",
        message: "The password must have at least 10 characters.",
        code: "password.tooShort",
      },
    ]);
    problem = await t.refused(422, () => setPassword(token, NEW_PASSWORD, "something-else-1"));
    expect(problem.detail).toBe("Passwords do not match");
    expect(problem.violations).toEqual([
      {
        propertyPath: "confirmNewPassword",
        message: "Passwords do not match",
        code: "password.mismatch",
      },
    ]);
    problem = await t.refused(422, () => setPassword(token, email));
    expect(problem.violations?.[0]?.code).toBe("password.likeEmail");
    problem = await t.refused(422, () =>
      t.request("PATCH", LINK(token), { body: { newPassword: NEW_PASSWORD } }),
    );
    expect(problem.violations).toEqual([
      expect.objectContaining({ propertyPath: "confirmNewPassword", code: "field.required" }),
    ]);

    const done = await setPassword(token, NEW_PASSWORD);
    expect(done.status).toBe(204);
    expect(done.raw).toBe("");

    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expectProblem(await signIn(email, DEMO_PASSWORD), 401);
    expectProblem(await t.request("GET", "/api/v2/shop/orders", { token: earlier }), 401);

    // Used: the link no longer works, whatever is tried with it.
    problem = await t.refused(404, () => t.request("GET", LINK(token)));
    expect(problem.detail).toBe(
      "This link no longer works: it has already been used or has expired. Please request a new one from the sign-in page.",
    );
    await t.refused(404, () => setPassword(token, "yet-another-secret-1"));
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);

    // The owner is told, and the audit trail has the change without any secret.
    const changed = (await mailsTo(email)).at(-1)!;
    expect(changed.kind).toBe("password_changed");
    expect(changed.text_body).not.toContain(token);
    const audit = await t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_type", "=", "shop_user")
      .where("action", "in", ["password_reset", "password_reset_requested"])
      .orderBy("id")
      .execute();
    const buyerId = (
      await t.db
        .selectFrom("shop_users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;
    const mine = audit.filter((a) => a.entity_id === String(buyerId));
    expect(mine.map((a) => a.action)).toEqual(["password_reset_requested", "password_reset"]);
    expect(mine[1]).toMatchObject({ actor_type: "user", actor_id: buyerId, company_id: 1 });
    const text = JSON.stringify(mine);
    expect(text).not.toContain(token);
    expect(text).not.toContain(stored.token_hash);
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain(NEW_PASSWORD);
  });

  it("refuses an expired link", async () => {
    const token = await tokenFor(USERS.spaMarketing);
    await t.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("token_hash", "=", createHash("sha256").update(token).digest("hex"))
      .execute();
    const problem = await t.refused(404, () => t.request("GET", LINK(token)));
    expect(problem.detail).toContain("no longer works");
    await t.refused(404, () => setPassword(token, NEW_PASSWORD));
    expect((await signIn(USERS.spaMarketing, DEMO_PASSWORD)).status).toBe(200);
  });

  it("refuses unknown links, and answers in the caller's language", async () => {
    const problem = await t.refused(404, () =>
      t.request("GET", LINK("not-a-real-token"), { headers: { "accept-language": "fr" } }),
    );
    expect(problem.detail).toContain("Ce lien ne fonctionne plus");
    await t.refused(404, () => setPassword("A".repeat(22), NEW_PASSWORD));
  });

  it("answers 202 for unknown e-mails and accounts without a password, and sends nothing", async () => {
    for (const email of [
      "nobody@nowhere.example",
      "new.colleague@demo-spa.example", // invited, no password yet: registers via invitation
    ]) {
      const before = await t.fingerprint();
      const res = await ask(email);
      expect(res.status).toBe(202);
      expect(res.raw).toBe("");
      expect(await t.fingerprint()).toBe(before);
    }
  });

  it("sends nothing for a disabled user or company", async () => {
    await t.db
      .updateTable("shop_users")
      .set({ enabled: false })
      .where("email", "=", USERS.spaAdmin)
      .execute();
    try {
      const before = await t.fingerprint();
      expect((await ask(USERS.spaAdmin)).status).toBe(202);
      expect(await t.fingerprint()).toBe(before);
    } finally {
      await t.db
        .updateTable("shop_users")
        .set({ enabled: true })
        .where("email", "=", USERS.spaAdmin)
        .execute();
    }
  });

  it("writes the mail in the body's localeCode when one is sent", async () => {
    const res = await t.request("POST", REQUESTS, {
      body: { email: USERS.spaAdmin, localeCode: "it_IT" },
      headers: { "accept-language": "de" },
    });
    expect(res.status).toBe(202);
    const mail = (await mailsTo(USERS.spaAdmin)).at(-1)!;
    expect(mail.subject).toBe("Reimposta la password del portale partner Lumé Atelier");
  });

  it("keeps only the newest link working and limits mails to 3 an hour", async () => {
    const email = USERS.retailAdmin;
    const first = await tokenFor(email, { "accept-language": "de" });
    const german = (await mailsTo(email)).at(-1)!;
    expect(german.subject).toBe(
      "Setzen Sie Ihr Passwort für das Lumé Atelier Partnerportal zurück",
    );
    const second = await tokenFor(email);
    await t.refused(404, () => t.request("GET", LINK(first)));
    expect((await t.request("GET", LINK(second))).status).toBe(200);
    const third = await tokenFor(email);
    expect((await t.request("GET", LINK(third))).status).toBe(200);

    // The fourth request within the hour is answered the same but creates and sends nothing.
    const before = await t.fingerprint();
    expect((await ask(email)).status).toBe(202);
    expect(await t.fingerprint()).toBe(before);
    expect((await t.request("GET", LINK(third))).status).toBe(200);

    // An hour later, a new link can be asked for again.
    await sql`update password_resets set created_at = created_at - interval '61 minutes'
              where shop_user_id = (select id from shop_users where email = ${email})`.execute(
      t.db,
    );
    const fourth = await tokenFor(email);
    expect((await t.request("GET", LINK(fourth))).status).toBe(200);
    await t.refused(404, () => t.request("GET", LINK(third)));
  });

  it("lets only one of two simultaneous submissions of a link through", async () => {
    const email = USERS.spaMarketing;
    const token = await tokenFor(email);
    const results = await Promise.all([
      setPassword(token, "first-new-password-1"),
      setPassword(token, "second-new-password-2"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 404]);
    const winner = results[0]!.status === 204 ? "first-new-password-1" : "second-new-password-2";
    expect((await signIn(email, winner)).status).toBe(200);
  });

  it("refuses malformed requests without changing anything", async () => {
    for (const body of [
      {},
      { email: "" },
      { email: "not-an-email" },
      { email: 42 },
      { email: ["a@b.example"] },
      { email: USERS.spaBuyer, password: "x" },
      { email: `${"x".repeat(250)}@demo.example` },
    ]) {
      await t.refused(422, () => t.request("POST", REQUESTS, { body }));
    }
    await t.refused(422, () => t.request("POST", REQUESTS, { body: [USERS.spaBuyer] }));
    await t.refused(400, () =>
      t.request("POST", REQUESTS, {
        body: "{not json",
        headers: { "content-type": "application/json" },
      }),
    );
    await t.refused(415, () =>
      t.request("POST", REQUESTS, {
        body: "email=x",
        headers: { "content-type": "text/plain" },
      }),
    );
    await t.refused(401, () =>
      t.request("POST", REQUESTS, { body: { email: USERS.spaBuyer }, token: "garbage" }),
    );

    const token = await tokenFor(USERS.spaBuyer);
    for (const body of [
      { newPassword: 1234567890, confirmNewPassword: 1234567890 },
      { newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD, extra: true },
      { newPassword: "x".repeat(129), confirmNewPassword: "x".repeat(129) },
      {},
    ]) {
      await t.refused(422, () => t.request("PATCH", LINK(token), { body }));
    }
    // The link survived every refusal.
    expect((await t.request("GET", LINK(token))).status).toBe(200);
  });
});
