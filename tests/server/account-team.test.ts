import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, DEMO_PASSWORD, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const API = "/api/v2/shop";
const REGISTER = "/api/v2/team-members/register";
const PENDING = "new.colleague@demo-spa.example";
const PASSWORD = "my own pass phrase";

describe.each(backends)("account team API on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function audit(entityId: number) {
    return t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_type", "=", "shop_user")
      .where("entity_id", "=", String(entityId))
      .orderBy("id")
      .execute();
  }

  async function invite(
    email: string,
    roles: unknown = ["COMMERCIAL"],
    as: string = USERS.spaAdmin,
  ) {
    const res = await t.request("POST", `${API}/shop-users`, { as, body: { email, roles } });
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; "@id": string };
  }

  /** The registration token, read from the link in the queued invitation mail. */
  async function tokenFromMail(email: string) {
    const mail = await t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", email)
      .where("kind", "=", "invitation")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const link = /(https?:\/\/\S+\/register\/([A-Za-z0-9_-]+))/.exec(mail.text_body);
    expect(link, mail.text_body).not.toBeNull();
    expect(link![1]!.startsWith(t.config.publicUrl)).toBe(true);
    return link![2]!;
  }

  const register = (body: unknown) => t.request("POST", REGISTER, { body });

  const signIn = (email: string, password: string) =>
    t.request("POST", `${API}/customers/token`, { body: { email, password } });

  /** Invites `email` and completes the registration; answers the new user's id. */
  async function member(email: string, roles: string[] = ["COMMERCIAL"]) {
    const { id } = await invite(email, roles);
    const res = await register({
      firstName: "Tess",
      lastName: "Member",
      token: await tokenFromMail(email),
      newPlainPassword: PASSWORD,
    });
    expect(res.status, res.raw).toBe(201);
    return id;
  }

  describe("GET /shop-users", () => {
    it("lists the company's users with status for an ADMIN", async () => {
      const res = await t.request("GET", `${API}/shop-users`, { as: USERS.spaAdmin });
      expect(res.status).toBe(200);
      expect(res.body["hydra:totalItems"]).toBe(5);
      const byEmail = Object.fromEntries(
        res.body["hydra:member"].map((u: { userIdentifier: string }) => [u.userIdentifier, u]),
      );
      const buyer = await t.userId(USERS.spaBuyer);
      expect(byEmail[USERS.spaBuyer]).toEqual({
        "@id": `${API}/shop-users/${buyer}`,
        "@type": "ShopUser",
        id: buyer,
        userIdentifier: USERS.spaBuyer,
        email: USERS.spaBuyer,
        firstName: "Jonas",
        lastName: "Keller",
        roles: ["ROLE_COMPANY_COMMERCIAL"],
        enabled: true,
        status: "Active",
        orderLimit: null,
        monthlyLimit: null,
      });
      expect(byEmail[PENDING]).toMatchObject({
        firstName: null,
        lastName: null,
        status: "Pending",
        roles: ["ROLE_COMPANY_COMMERCIAL"],
      });
      expect(byEmail[USERS.retailAdmin]).toBeUndefined();
    });

    it("pages with page and itemsPerPage", async () => {
      const res = await t.request("GET", `${API}/shop-users?page=2&itemsPerPage=3`, {
        as: USERS.spaAdmin,
      });
      expect(res.body["hydra:totalItems"]).toBe(5);
      expect(res.body["hydra:member"]).toHaveLength(2);
      await t.refused(400, () =>
        t.request("GET", `${API}/shop-users?itemsPerPage=abc`, { as: USERS.spaAdmin }),
      );
    });

    it("shows another company only its own users", async () => {
      const res = await t.request("GET", `${API}/shop-users`, { as: USERS.retailAdmin });
      expect(
        res.body["hydra:member"].map((u: { userIdentifier: string }) => u.userIdentifier),
      ).toEqual([USERS.retailAdmin]);
    });

    it("refuses COMMERCIAL and MARKETING users with 403 and visitors with 401", async () => {
      await t.refused(403, () => t.request("GET", `${API}/shop-users`, { as: USERS.spaBuyer }));
      await t.refused(403, () => t.request("GET", `${API}/shop-users`, { as: USERS.spaMarketing }));
      await t.refused(401, () => t.request("GET", `${API}/shop-users`));
    });
  });

  describe("GET /shop-users/{id}", () => {
    it("shows a company user to an ADMIN", async () => {
      const id = await t.userId(USERS.spaMarketing);
      const res = await t.request("GET", `${API}/shop-users/${id}`, { as: USERS.spaAdmin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        "@id": `${API}/shop-users/${id}`,
        userIdentifier: USERS.spaMarketing,
        roles: ["ROLE_COMPANY_MARKETING"],
        status: "Active",
      });
    });

    it("answers 404 for another company's user and unknown ids, 403 and 401 as usual", async () => {
      const foreign = await t.userId(USERS.retailAdmin);
      await t.refused(404, () =>
        t.request("GET", `${API}/shop-users/${foreign}`, { as: USERS.spaAdmin }),
      );
      for (const id of ["999999", "abc", "-1"])
        await t.refused(404, () =>
          t.request("GET", `${API}/shop-users/${id}`, { as: USERS.spaAdmin }),
        );
      const buyer = await t.userId(USERS.spaBuyer);
      await t.refused(403, () =>
        t.request("GET", `${API}/shop-users/${buyer}`, { as: USERS.spaBuyer }),
      );
      await t.refused(401, () => t.request("GET", `${API}/shop-users/${buyer}`));
    });
  });

  describe("POST /shop-users (invitation)", () => {
    it("invites a colleague: a pending user, an invitation mail and an audit line", async () => {
      const email = "lina.vogel@demo-spa.example";
      const res = await t.request("POST", `${API}/shop-users`, {
        as: USERS.spaAdmin,
        body: { email, roles: ["MARKETING"] },
      });
      expect(res.status).toBe(201);
      expect(res.headers.location).toBe(res.body["@id"]);
      expect(res.body).toMatchObject({
        userIdentifier: email,
        firstName: null,
        roles: ["ROLE_COMPANY_MARKETING"],
        enabled: true,
        status: "Pending",
      });
      const id = res.body.id as number;
      const list = await t.request("GET", `${API}/shop-users`, { as: USERS.spaAdmin });
      expect(list.body["hydra:member"].map((u: { id: number }) => u.id)).toContain(id);
      await tokenFromMail(email);
      const mail = await t.db
        .selectFrom("mail_outbox")
        .select(["subject", "status"])
        .where("to_address", "=", email)
        .executeTakeFirstOrThrow();
      expect(mail).toMatchObject({
        status: "pending",
        subject: expect.stringContaining("invited"),
      });
      const invitation = await t.db
        .selectFrom("invitations")
        .selectAll()
        .where("shop_user_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(invitation.used_at).toBeNull();
      const lines = await audit(id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        action: "invite",
        actor_id: await t.userId(USERS.spaAdmin),
        company_id: 1,
        after: { email, roles: ["ROLE_COMPANY_MARKETING"], status: "Pending" },
      });
      expect(JSON.stringify(lines)).not.toContain(invitation.token_hash);
    });

    it("accepts stored role names and several roles", async () => {
      const res = await t.request("POST", `${API}/shop-users`, {
        as: USERS.spaAdmin,
        body: { email: "multi.role@demo-spa.example", roles: ["ROLE_COMPANY_MARKETING", "ADMIN"] },
      });
      expect(res.status).toBe(201);
      expect(res.body.roles).toEqual(["ROLE_COMPANY_ADMIN", "ROLE_COMPANY_MARKETING"]);
    });

    it("invites another company's user like a free address; the link cannot be used (issue 18, finding 5)", async () => {
      const res = await t.request("POST", `${API}/shop-users`, {
        as: USERS.spaAdmin,
        body: { email: USERS.retailAdmin.toUpperCase(), roles: ["COMMERCIAL"] },
      });
      expect(res.status).toBe(201);
      expect(String(res.body.email).toLowerCase()).toBe(USERS.retailAdmin);
      // The holder's own account is untouched.
      const signIn = await t.request("POST", `${API}/customers/token`, {
        body: { email: USERS.retailAdmin, password: DEMO_PASSWORD },
      });
      expect(signIn.status).toBe(200);
    });

    it.each([USERS.spaBuyer, PENDING])(
      "refuses %s, already a shop user of the company, with 422",
      async (email) => {
        const problem = await t.refused(422, () =>
          t.request("POST", `${API}/shop-users`, {
            as: USERS.spaAdmin,
            body: { email, roles: ["COMMERCIAL"] },
          }),
        );
        expect(problem.violations).toEqual([
          expect.objectContaining({ propertyPath: "email", code: "account.emailTaken" }),
        ]);
        expect(problem.detail).toBe("This e-mail address is already registered.");
      },
    );

    it.each<[string, unknown, string, string]>([
      ["an invalid e-mail", { email: "colleague@", roles: ["ADMIN"] }, "email", "field.email"],
      ["a missing e-mail", { roles: ["ADMIN"] }, "email", "field.required"],
      ["a numeric e-mail", { email: 5, roles: ["ADMIN"] }, "email", "field.type"],
      [
        "a too long e-mail",
        { email: `${"c".repeat(250)}@x.de`, roles: ["ADMIN"] },
        "email",
        "field.tooLong",
      ],
      ["missing roles", { email: "x1@demo-spa.example" }, "roles", "field.required"],
      ["empty roles", { email: "x2@demo-spa.example", roles: [] }, "roles", "field.required"],
      [
        "roles as a string",
        { email: "x3@demo-spa.example", roles: "ADMIN" },
        "roles",
        "field.type",
      ],
      [
        "an unknown role",
        { email: "x4@demo-spa.example", roles: ["ROLE_SUPER_ADMIN"] },
        "roles[0]",
        "team.roleUnknown",
      ],
      [
        "a role of the wrong type",
        { email: "x5@demo-spa.example", roles: [{}] },
        "roles[0]",
        "team.roleUnknown",
      ],
      [
        "an unknown field",
        { email: "x6@demo-spa.example", roles: ["ADMIN"], firstName: "X" },
        "firstName",
        "field.unknown",
      ],
    ])("refuses %s with 422 and changes nothing", async (_name, body, path, code) => {
      const problem = await t.refused(422, () =>
        t.request("POST", `${API}/shop-users`, { as: USERS.spaAdmin, body }),
      );
      expect(problem.violations).toEqual(
        expect.arrayContaining([expect.objectContaining({ propertyPath: path, code })]),
      );
    });

    it("says 'Please enter a valid email' for an invalid address", async () => {
      const problem = await t.refused(422, () =>
        t.request("POST", `${API}/shop-users`, {
          as: USERS.spaAdmin,
          body: { email: "not an email", roles: ["ADMIN"] },
        }),
      );
      expect(problem.detail).toMatch(/^Please enter a valid email/);
    });

    it("refuses COMMERCIAL and MARKETING users with 403 and visitors with 401", async () => {
      const body = { email: "sneaky@demo-spa.example", roles: ["ADMIN"] };
      await t.refused(403, () =>
        t.request("POST", `${API}/shop-users`, { as: USERS.spaBuyer, body }),
      );
      await t.refused(403, () =>
        t.request("POST", `${API}/shop-users`, { as: USERS.spaMarketing, body }),
      );
      await t.refused(401, () => t.request("POST", `${API}/shop-users`, { body }));
    });
  });

  describe("team-member registration from the invitation mail", () => {
    it("registers with the mailed link, signs in, and the link works only once", async () => {
      const email = "mia.schulz@demo-spa.example";
      const { id } = await invite(email, ["COMMERCIAL"]);
      const token = await tokenFromMail(email);
      expect((await signIn(email, PASSWORD)).status).toBe(401);
      const body = {
        firstName: "Mia",
        lastName: "Schulz",
        token,
        newPlainPassword: PASSWORD,
        passwordRepeat: PASSWORD,
        termsAccepted: true,
      };
      const res = await register(body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        "@id": `${API}/shop-users/${id}`,
        userIdentifier: email,
        firstName: "Mia",
        lastName: "Schulz",
        status: "Active",
        roles: ["ROLE_COMPANY_COMMERCIAL"],
      });
      const login = await signIn(email, PASSWORD);
      expect(login.status).toBe(200);
      expect(login.body.customer).toBe(`${API}/customers/${id}`);
      const me = await t.request("GET", `${API}/customers/${id}`, { token: login.body.token });
      expect(me.body).toMatchObject({ firstName: "Mia", companyName: "Demo Spa GmbH" });
      const used = await t.db
        .selectFrom("invitations")
        .select("used_at")
        .where("shop_user_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(used.used_at).not.toBeNull();
      expect((await audit(id)).map((l) => l.action)).toEqual(["invite", "register"]);
      const line = (await audit(id))[1]!;
      expect(line).toMatchObject({ actor_type: "user", actor_id: id, company_id: 1 });
      expect(JSON.stringify(line)).not.toContain(PASSWORD);
      expect(JSON.stringify(line)).not.toContain("scrypt$");
      // The team list now shows the colleague as Active.
      const list = await t.request("GET", `${API}/shop-users/${id}`, { as: USERS.spaAdmin });
      expect(list.body.status).toBe("Active");
      // A second use of the same link fails and changes nothing.
      const again = await t.refused(422, () =>
        register({ ...body, newPlainPassword: "someone else's phrase", passwordRepeat: undefined }),
      );
      expect(again.violations?.[0]).toMatchObject({
        propertyPath: "token",
        code: "invitation.invalid",
      });
      expect((await signIn(email, PASSWORD)).status).toBe(200);
    });

    it("answers unknown, used and expired links alike", async () => {
      const email = "expired.link@demo-spa.example";
      const { id } = await invite(email);
      const token = await tokenFromMail(email);
      await t.db
        .updateTable("invitations")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("shop_user_id", "=", id)
        .execute();
      const body = { firstName: "Old", lastName: "Link", newPlainPassword: PASSWORD };
      const expired = await t.refused(422, () => register({ ...body, token }));
      const unknown = await t.refused(422, () => register({ ...body, token: "A".repeat(22) }));
      const usedEmail = "used.link@demo-spa.example";
      await invite(usedEmail);
      const usedToken = await tokenFromMail(usedEmail);
      expect((await register({ ...body, token: usedToken })).status).toBe(201);
      const used = await t.refused(422, () => register({ ...body, token: usedToken }));
      for (const p of [expired, unknown, used]) {
        expect(p.violations).toEqual([
          expect.objectContaining({ propertyPath: "token", code: "invitation.invalid" }),
        ]);
      }
      expect(new Set([expired.detail, unknown.detail, used.detail]).size).toBe(1);
      expect(expired.detail).toMatch(/invitation link is not valid/);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ["a one-letter first name", { firstName: "M" }, "firstName", "field.tooShort"],
      ["a missing last name", { lastName: undefined }, "lastName", "field.required"],
      ["a too long first name", { firstName: "M".repeat(101) }, "firstName", "field.tooLong"],
      ["a numeric last name", { lastName: 12 }, "lastName", "field.type"],
      ["a short password", { newPlainPassword: "short" }, "newPlainPassword", "password.tooShort"],
      [
        "the e-mail as password",
        { newPlainPassword: "rules.check@demo-spa.example" },
        "newPlainPassword",
        "password.likeEmail",
      ],
      ["a missing password", { newPlainPassword: undefined }, "newPlainPassword", "field.required"],
      ["a numeric password", { newPlainPassword: 12345678901 }, "newPlainPassword", "field.type"],
      [
        "a repeat that differs",
        { passwordRepeat: "another phrase" },
        "passwordRepeat",
        "password.mismatch",
      ],
      [
        "terms not accepted",
        { termsAccepted: false },
        "termsAccepted",
        "teamRegistration.termsRequired",
      ],
      ["a missing token", { token: undefined }, "token", "field.required"],
      ["a numeric token", { token: 42 }, "token", "field.type"],
      ["a too long token", { token: "t".repeat(201) }, "token", "field.tooLong"],
      ["an unknown field", { email: "x@y.de" }, "email", "field.unknown"],
    ])(
      "refuses %s with 422, changes nothing and keeps the link usable",
      async (_n, override, path, code) => {
        const email = "rules.check@demo-spa.example";
        let token: string;
        const existing = await t.db
          .selectFrom("shop_users")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirst();
        if (!existing) await invite(email);
        token = await tokenFromMail(email);
        const body = {
          firstName: "Rita",
          lastName: "Rules",
          token,
          newPlainPassword: PASSWORD,
          passwordRepeat: PASSWORD,
          ...override,
        };
        const problem = await t.refused(422, () => register(body));
        expect(problem.violations).toEqual(
          expect.arrayContaining([expect.objectContaining({ propertyPath: path, code })]),
        );
        if (path === "passwordRepeat")
          expect(problem.violations?.[0]?.message).toBe("Passwords do not match");
        token = await tokenFromMail(email);
        const invitation = await t.db
          .selectFrom("invitations")
          .innerJoin("shop_users", "shop_users.id", "invitations.shop_user_id")
          .select(["invitations.used_at", "shop_users.password_hash"])
          .where("shop_users.email", "=", email)
          .executeTakeFirstOrThrow();
        expect(invitation).toEqual({ used_at: null, password_hash: null });
      },
    );

    it("refuses a non-object body", async () => {
      await t.refused(422, () => register(["token"]));
    });
  });

  describe("GET /team-members/invitations/{token} (the link check)", () => {
    const check = (token: string, headers: Record<string, string> = {}) =>
      t.request("GET", `/api/v2/team-members/invitations/${token}`, { headers });

    it("answers the invitee's e-mail, company and expiry for a usable link, changing nothing", async () => {
      const email = "link.check@demo-spa.example";
      await invite(email);
      const token = await tokenFromMail(email);
      const before = await t.fingerprint();
      const res = await check(token);
      expect(res.status, res.raw).toBe(200);
      // A colleague's invitation: no application behind it, no names to fill in.
      expect(res.body).toEqual({
        email,
        companyName: "Demo Spa GmbH",
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        approvedApplication: false,
        firstName: null,
        lastName: null,
      });
      const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      expect(await t.fingerprint()).toBe(before);
      // Anyone signed in may check a link too; it is the link that counts, not the caller.
      const signedIn = await t.request("GET", `/api/v2/team-members/invitations/${token}`, {
        as: USERS.retailAdmin,
      });
      expect(signedIn.body).toEqual(res.body);
    });

    it("answers unknown, used, expired and removed links with one and the same 404", async () => {
      const expiredEmail = "check.expired@demo-spa.example";
      const { id: expiredId } = await invite(expiredEmail);
      const expiredToken = await tokenFromMail(expiredEmail);
      await t.db
        .updateTable("invitations")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("shop_user_id", "=", expiredId)
        .execute();
      const usedEmail = "check.used@demo-spa.example";
      await invite(usedEmail);
      const usedToken = await tokenFromMail(usedEmail);
      const done = await register({
        firstName: "Used",
        lastName: "Link",
        token: usedToken,
        newPlainPassword: PASSWORD,
      });
      expect(done.status).toBe(201);
      const removedEmail = "check.removed@demo-spa.example";
      const { id: removedId } = await invite(removedEmail);
      const removedToken = await tokenFromMail(removedEmail);
      const removal = await t.request("DELETE", `${API}/shop-users/${removedId}`, {
        as: USERS.spaAdmin,
      });
      expect(removal.status).toBe(204);

      const problems = [];
      for (const token of [
        expiredToken,
        usedToken,
        removedToken,
        "A".repeat(22),
        "x".repeat(200),
        encodeURIComponent("../register"),
      ])
        problems.push(await t.refused(404, () => check(token)));
      for (const p of problems) {
        expect(p.type).toBe("/problems/not-found");
        expect(p.detail).toBe(problems[0]!.detail);
        expect(JSON.stringify(p)).not.toMatch(/check\.|demo-spa|Demo Spa/);
      }
      expect(problems[0]!.detail).toMatch(/invitation link is not valid/);
      // A NUL byte never reaches a route: the app answers every such path with the plain 404.
      expect((await t.refused(404, () => check("%00"))).type).toBe("/problems/not-found");
      const fr = await t.refused(404, () => check(usedToken, { "accept-language": "fr" }));
      expect(fr.detail).not.toBe(problems[0]!.detail);
    });

    it("answers a link of a disabled company with the same 404", async () => {
      const email = "check.disabled@demo-retail.example";
      await invite(email, ["COMMERCIAL"], USERS.retailAdmin);
      const token = await tokenFromMail(email);
      expect((await check(token)).status).toBe(200);
      await t.db.updateTable("companies").set({ enabled: false }).where("id", "=", 2).execute();
      try {
        const p = await t.refused(404, () => check(token));
        expect(p.detail).toMatch(/invitation link is not valid/);
      } finally {
        await t.db.updateTable("companies").set({ enabled: true }).where("id", "=", 2).execute();
      }
    });

    it("refuses a bad bearer token with 401, as every API path does", async () => {
      const email = "check.badtoken@demo-spa.example";
      await invite(email);
      const token = await tokenFromMail(email);
      await t.refused(401, () =>
        t.request("GET", `/api/v2/team-members/invitations/${token}`, { token: "not-a-jwt" }),
      );
    });
  });

  describe("PUT /shop-users/{id} (roles)", () => {
    it("changes a colleague's roles, which applies on their next request", async () => {
      const buyer = await t.userId(USERS.spaBuyer);
      const address = {
        firstName: "Mia",
        lastName: "Schulz",
        company: "Demo Spa GmbH",
        street: "Leopoldstraße 10",
        city: "München",
        postcode: "80802",
        countryCode: "DE",
      };
      await t.token(USERS.spaBuyer);
      let res = await t.request("PUT", `${API}/shop-users/${buyer}`, {
        as: USERS.spaAdmin,
        body: { roles: ["MARKETING"] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: buyer, roles: ["ROLE_COMPANY_MARKETING"] });
      // Same token, new rights.
      await t.refused(403, () =>
        t.request("POST", `${API}/addresses`, { as: USERS.spaBuyer, body: address }),
      );
      const lines = await audit(buyer);
      expect(lines.at(-1)).toMatchObject({
        action: "roles.change",
        before: expect.objectContaining({ roles: ["ROLE_COMPANY_COMMERCIAL"] }),
        after: expect.objectContaining({ roles: ["ROLE_COMPANY_MARKETING"] }),
      });
      res = await t.request("PUT", `${API}/shop-users/${buyer}`, {
        as: USERS.spaAdmin,
        body: { roles: ["ROLE_COMPANY_ADMIN"] },
      });
      expect(res.status).toBe(200);
      expect((await t.request("GET", `${API}/shop-users`, { as: USERS.spaBuyer })).status).toBe(
        200,
      );
      res = await t.request("PUT", `${API}/shop-users/${buyer}`, {
        as: USERS.spaAdmin,
        body: { roles: ["COMMERCIAL"] },
      });
      expect(res.body.roles).toEqual(["ROLE_COMPANY_COMMERCIAL"]);
      await t.refused(403, () => t.request("GET", `${API}/shop-users`, { as: USERS.spaBuyer }));
      const created = await t.request("POST", `${API}/addresses`, {
        as: USERS.spaBuyer,
        body: address,
      });
      expect(created.status).toBe(201);
    });

    it("changes a pending invitee's roles too", async () => {
      const id = await t.userId(PENDING);
      const res = await t.request("PUT", `${API}/shop-users/${id}`, {
        as: USERS.spaAdmin,
        body: { roles: ["MARKETING"] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "Pending", roles: ["ROLE_COMPANY_MARKETING"] });
    });

    it("refuses an admin's change of their own row with 403", async () => {
      const me = await t.userId(USERS.spaAdmin);
      const problem = await t.refused(403, () =>
        t.request("PUT", `${API}/shop-users/${me}`, {
          as: USERS.spaAdmin,
          body: { roles: ["MARKETING"] },
        }),
      );
      expect(problem.detail).toBe("You cannot change or remove your own user.");
    });

    it("answers 404 for another company's user, 403 for non-admins, 401 for visitors", async () => {
      const foreign = await t.userId(USERS.retailAdmin);
      const body = { roles: ["MARKETING"] };
      await t.refused(404, () =>
        t.request("PUT", `${API}/shop-users/${foreign}`, { as: USERS.spaAdmin, body }),
      );
      await t.refused(404, () =>
        t.request("PUT", `${API}/shop-users/999999`, { as: USERS.spaAdmin, body }),
      );
      const marketing = await t.userId(USERS.spaMarketing);
      await t.refused(404, () =>
        t.request("PUT", `${API}/shop-users/${marketing}`, { as: USERS.retailAdmin, body }),
      );
      await t.refused(403, () =>
        t.request("PUT", `${API}/shop-users/${marketing}`, { as: USERS.spaBuyer, body }),
      );
      await t.refused(403, () =>
        t.request("PUT", `${API}/shop-users/${marketing}`, { as: USERS.spaMarketing, body }),
      );
      await t.refused(401, () => t.request("PUT", `${API}/shop-users/${marketing}`, { body }));
    });

    it.each<[string, unknown, string]>([
      ["missing roles", {}, "field.required"],
      ["empty roles", { roles: [] }, "field.required"],
      ["null roles", { roles: null }, "field.required"],
      ["an unknown role", { roles: ["OWNER"] }, "team.roleUnknown"],
      ["roles as an object", { roles: { 0: "ADMIN" } }, "field.type"],
      [
        "too many entries",
        { roles: Array.from({ length: 11 }, () => "ADMIN") },
        "team.rolesTooMany",
      ],
      ["an unknown field", { roles: ["ADMIN"], enabled: false }, "field.unknown"],
    ])("refuses %s with 422 and changes nothing", async (_name, body, code) => {
      const marketing = await t.userId(USERS.spaMarketing);
      const problem = await t.refused(422, () =>
        t.request("PUT", `${API}/shop-users/${marketing}`, { as: USERS.spaAdmin, body }),
      );
      expect(problem.violations?.map((v) => v.code)).toContain(code);
    });
  });

  describe("DELETE /shop-users/{id}", () => {
    it("deletes a pending invitee with their invitation; the link stops working", async () => {
      const email = "short.lived@demo-spa.example";
      const { id } = await invite(email);
      const token = await tokenFromMail(email);
      const res = await t.request("DELETE", `${API}/shop-users/${id}`, { as: USERS.spaAdmin });
      expect(res.status).toBe(204);
      const rows = await t.db.selectFrom("shop_users").select("id").where("id", "=", id).execute();
      expect(rows).toEqual([]);
      const invitations = await t.db
        .selectFrom("invitations")
        .select("id")
        .where("shop_user_id", "=", id)
        .execute();
      expect(invitations).toEqual([]);
      expect((await audit(id)).at(-1)).toMatchObject({
        action: "remove",
        before: { email, roles: ["ROLE_COMPANY_COMMERCIAL"], status: "Pending" },
        after: { removal: "deleted" },
      });
      await t.refused(422, () =>
        register({ firstName: "Shor", lastName: "Lived", token, newPlainPassword: PASSWORD }),
      );
      await t.refused(404, () =>
        t.request("DELETE", `${API}/shop-users/${id}`, { as: USERS.spaAdmin }),
      );
      // The address is free again: the person can be invited anew.
      await invite(email);
    });

    it("deletes a registered user without orders, with their cart; their token stops working", async () => {
      const email = "cart.only@demo-spa.example";
      const id = await member(email);
      const token = (await signIn(email, PASSWORD)).body.token as string;
      const cart = await t.request("POST", `${API}/orders`, { token, body: {} });
      expect(cart.status).toBe(201);
      const added = await t.request("POST", `${API}/orders/${cart.body.tokenValue}/items`, {
        token,
        body: { productVariant: `${API}/product-variants/GLOW-MINI-ROSE`, quantity: 2 },
      });
      expect(added.status).toBe(201);
      const res = await t.request("DELETE", `${API}/shop-users/${id}`, { as: USERS.spaAdmin });
      expect(res.status).toBe(204);
      const orders = await t.db
        .selectFrom("orders")
        .select("id")
        .where("token_value", "=", cart.body.tokenValue)
        .execute();
      expect(orders).toEqual([]);
      await t.refused(401, () => t.request("GET", `${API}/customers/${id}`, { token }));
      expect((await signIn(email, PASSWORD)).status).toBe(401);
      const list = await t.request("GET", `${API}/shop-users`, { as: USERS.spaAdmin });
      expect(list.body["hydra:member"].map((u: { id: number }) => u.id)).not.toContain(id);
    });

    it("disables rather than deletes a user whose saved list the company keeps", async () => {
      const email = "list.keeper@demo-spa.example";
      const id = await member(email);
      const list = await t.db
        .insertInto("shopping_lists")
        .values({ company_id: 1, shop_user_id: id, name: "Shared restock" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const res = await t.request("DELETE", `${API}/shop-users/${id}`, { as: USERS.spaAdmin });
      expect(res.status).toBe(204);
      const row = await t.db
        .selectFrom("shop_users")
        .select(["enabled", "password_hash"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ enabled: false, password_hash: null });
      const kept = await t.db
        .selectFrom("shopping_lists")
        .select("id")
        .where("id", "=", list.id)
        .execute();
      expect(kept).toHaveLength(1);
      expect((await signIn(email, PASSWORD)).status).toBe(401);
      // The e-mail stays with the disabled user: inviting it again is refused.
      await t.refused(422, () =>
        t.request("POST", `${API}/shop-users`, {
          as: USERS.spaAdmin,
          body: { email, roles: ["COMMERCIAL"] },
        }),
      );
    });

    it("refuses an admin's removal of their own row with 403", async () => {
      const me = await t.userId(USERS.spaAdmin);
      const problem = await t.refused(403, () =>
        t.request("DELETE", `${API}/shop-users/${me}`, { as: USERS.spaAdmin }),
      );
      expect(problem.violations).toBeUndefined();
      expect(problem.type).toBe("/problems/own-user");
    });

    it("answers 404 for another company's user, 403 for non-admins, 401 for visitors", async () => {
      const foreign = await t.userId(USERS.retailAdmin);
      await t.refused(404, () =>
        t.request("DELETE", `${API}/shop-users/${foreign}`, { as: USERS.spaAdmin }),
      );
      await t.refused(404, () =>
        t.request("DELETE", `${API}/shop-users/abc`, { as: USERS.spaAdmin }),
      );
      const buyer = await t.userId(USERS.spaBuyer);
      await t.refused(404, () =>
        t.request("DELETE", `${API}/shop-users/${buyer}`, { as: USERS.retailAdmin }),
      );
      await t.refused(403, () =>
        t.request("DELETE", `${API}/shop-users/${buyer}`, { as: USERS.spaMarketing }),
      );
      const marketing = await t.userId(USERS.spaMarketing);
      await t.refused(403, () =>
        t.request("DELETE", `${API}/shop-users/${marketing}`, { as: USERS.spaBuyer }),
      );
      await t.refused(401, () => t.request("DELETE", `${API}/shop-users/${buyer}`));
    });

    // Last: it takes the demo MARKETING user out of the company.
    it("disables a user with placed orders, keeping the orders; they can no longer sign in", async () => {
      const id = await t.userId(USERS.spaMarketing);
      const token = await t.token(USERS.spaMarketing);
      const placed = await t.db
        .selectFrom("orders")
        .select("id")
        .where("shop_user_id", "=", id)
        .where("state", "!=", "cart")
        .execute();
      expect(placed.length).toBeGreaterThan(0);
      const res = await t.request("DELETE", `${API}/shop-users/${id}`, { as: USERS.spaAdmin });
      expect(res.status).toBe(204);
      const row = await t.db
        .selectFrom("shop_users")
        .select(["enabled", "password_hash"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ enabled: false, password_hash: null });
      const still = await t.db
        .selectFrom("orders")
        .select("id")
        .where("shop_user_id", "=", id)
        .where("state", "!=", "cart")
        .execute();
      expect(still).toHaveLength(placed.length);
      expect((await audit(id)).at(-1)).toMatchObject({
        action: "remove",
        after: { removal: "disabled" },
      });
      await t.refused(401, () => t.request("GET", `${API}/customers/${id}`, { token }));
      expect((await signIn(USERS.spaMarketing, DEMO_PASSWORD)).status).toBe(401);
      const list = await t.request("GET", `${API}/shop-users`, { as: USERS.spaAdmin });
      expect(list.body["hydra:member"].map((u: { id: number }) => u.id)).not.toContain(id);
      await t.refused(404, () =>
        t.request("GET", `${API}/shop-users/${id}`, { as: USERS.spaAdmin }),
      );
      await t.refused(404, () =>
        t.request("PUT", `${API}/shop-users/${id}`, {
          as: USERS.spaAdmin,
          body: { roles: ["ADMIN"] },
        }),
      );
      await t.refused(404, () =>
        t.request("DELETE", `${API}/shop-users/${id}`, { as: USERS.spaAdmin }),
      );
      // The company's order history still shows the orders.
      const history = await t.request("GET", `${API}/orders?itemsPerPage=100`, {
        as: USERS.spaAdmin,
      });
      const tokens = await t.db
        .selectFrom("orders")
        .select("token_value")
        .where("shop_user_id", "=", id)
        .where("state", "!=", "cart")
        .execute();
      const shown = history.body["hydra:member"].map((o: { tokenValue: string }) => o.tokenValue);
      for (const o of tokens) expect(shown).toContain(o.token_value);
    });
  });
});
