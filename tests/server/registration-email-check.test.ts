import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const CHECK = "/form/customer/email-check";

/**
 * The registration's e-mail check (issue 30): asked when the first step is left, it answers
 * what the application's own refusal would say of the e-mail, and nothing more.
 */
describe.each(backends)("registration e-mail check on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const check = (body: unknown, headers: Record<string, string> = {}) =>
    t.request("POST", CHECK, { body, headers });

  it("answers 204 for an address that could apply, and stores nothing", async () => {
    const before = await t.fingerprint();
    const res = await check({ email: "  new.partner@fresh.example " });
    expect(res.status, res.raw).toBe(204);
    expect(res.raw).toBe("");
    // A colleague's pending invitation is no account: the address may apply (as the submit says).
    expect((await check({ email: "New.Colleague@demo-spa.example" })).status).toBe(204);
    expect(await t.fingerprint()).toBe(before);
  });

  it("refuses an address with an account or a pending application as the final submit does", async () => {
    const taken = await t.refused(409, () => check({ email: USERS.spaBuyer.toUpperCase() }));
    expect(taken.type).toBe("/problems/duplicate-registration");
    expect(taken.detail).toBe(
      "This e-mail address already has an account. Please sign in, or use “Forgotten password”.",
    );
    expect(taken.violations).toEqual([
      expect.objectContaining({
        propertyPath: "relationships.default_contact.email",
        message: taken.detail,
      }),
    ]);
    const pending = await t.refused(409, () =>
      check({ email: "Owner@Glow-Studio.example" }, { "accept-language": "de-DE,de;q=0.9" }),
    );
    expect(pending.detail).toBe(
      "Eine Bewerbung mit dieser E-Mail-Adresse wird bereits geprüft. Die weiteren Schritte erhalten Sie per E-Mail.",
    );
  });

  it("refuses what is no address, and any other field, with 422", async () => {
    for (const body of [
      {},
      { email: "" },
      { email: "   " },
      { email: "anna@" },
      { email: 42 },
      { email: "anna@studio.example", companyName: "Studio" },
      [],
      ["anna@studio.example"],
    ]) {
      const problem = await t.refused(422, () => check(body));
      expect(problem.violations!.length).toBeGreaterThan(0);
    }
    const problem = await t.refused(422, () =>
      check({ email: "anna@" }, { "accept-language": "de" }),
    );
    expect(problem.violations![0]!.propertyPath).toBe("email");
  });

  it("counts every answered check on the applications' per-address budget", async () => {
    // 30 an hour (RATE_LIMIT_REGISTRATION_IP); some were spent by the cases above.
    let status = 0;
    let n = 0;
    for (; n < 40 && status !== 429; n++)
      status = (await check({ email: `budget.${n}@fresh.example` })).status;
    expect(status).toBe(429);
    expect(n).toBeLessThanOrEqual(31);
    // The applications share it: the address cannot apply either until the window ends.
    const apply = await t.request("POST", "/form/customer", { body: {} });
    expect(apply.status).toBe(429);
  });
});
