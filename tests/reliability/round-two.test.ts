import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { echoSafe, registrationReceivedMail } from "../../server/mail/messages.js";
import {
  appOn,
  backends,
  DEMO_PASSWORD,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";

/** Issue 18 (security, round two): findings checked through the REST API. */

const API = "/api/v2/shop";

describe("finding 10: a registration confirmation echoes no link or markup of the applicant", () => {
  it("keeps names, drops URLs, domains, e-mails and markup", () => {
    const mail = registrationReceivedMail("en", {
      to: "victim@example.com",
      name: '<a href="https://evil.example/login">Verify your account</a>',
      company: "Visit www.evil.example or evil.example/pay or mail pay@evil.example now",
      brandName: "Lumé Atelier",
      supportEmail: "partners@lume-atelier.example",
    });
    const echoed = mail.text.replace("partners@lume-atelier.example", "");
    expect(echoed).not.toMatch(/[<>"]|https?:|www\.|evil\.example|@/);
    expect(echoSafe("Schön Spa GmbH & Co. KG")).toBe("Schön Spa GmbH & Co. KG");
    expect(echoSafe("Anna-Lena O'Brien")).toBe("Anna-Lena O'Brien");
    expect(echoSafe("x".repeat(100))).toHaveLength(60);
  });
});

describe.each(backends)("security round two on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());
  // The checks below that count failures use apps of their own with fresh counters. On
  // PostgreSQL the sign-in counters are rows every app on the database shares (decision 020):
  // each check starts with none.
  beforeEach(async () => {
    await t.db.deleteFrom("rate_limits").execute();
  });

  /** A cart of the buyer above the minimum, with a shipping address; its payment's id. */
  async function cartWithAddress(as: string = USERS.spaBuyer) {
    const started = await t.request("POST", `${API}/orders`, { as, body: {} });
    const cart = started.body.tokenValue as string;
    const added = await t.request("POST", `${API}/orders/${cart}/items`, {
      as,
      body: { productVariant: `${API}/product-variants/FIRM-LIFT-SERUM-30ML`, quantity: 30 },
    });
    expect(added.status).toBe(201);
    const put = await t.request("PUT", `${API}/orders/${cart}`, {
      as,
      body: { shippingAddress: `${API}/addresses/2` },
    });
    expect(put.status).toBe(200);
    return { cart, paymentId: added.body.payments[0].id as number };
  }
  const setMethod = (cart: string, paymentId: number, code: string) =>
    t.request("PATCH", `${API}/orders/${cart}/payments/${paymentId}`, {
      as: USERS.spaBuyer,
      body: { paymentMethod: `${API}/payment-methods/${code}` },
    });
  const complete = (cart: string, body: unknown = {}) =>
    t.request("PATCH", `${API}/orders/${cart}/complete`, { as: USERS.spaBuyer, body });

  describe("finding 7: completion takes only offline payment methods", () => {
    it("refuses a cart set to pay by card, and places it once it pays on invoice", async () => {
      const { cart, paymentId } = await cartWithAddress();
      expect((await setMethod(cart, paymentId, "adyen_card")).status).toBe(200);
      const problem = await t.refused(422, () => complete(cart));
      expect(problem.type).toBe("/problems/checkout");
      expect(problem.violations).toEqual([
        expect.objectContaining({ propertyPath: "paymentMethod" }),
      ]);
      const order = await t.request("GET", `${API}/orders/${cart}`, { as: USERS.spaBuyer });
      expect(order.body.checkoutState).not.toBe("completed");
      // German, translated.
      const de = await t.request("PATCH", `${API}/orders/${cart}/complete`, {
        as: USERS.spaBuyer,
        body: {},
        headers: { "accept-language": "de" },
      });
      expect(de.body.violations[0].message).toMatch(/Karte/);

      expect((await setMethod(cart, paymentId, "invoice")).status).toBe(200);
      expect((await complete(cart)).status).toBe(200);
    });
  });
  describe("finding 9: a NUL character in JSON text is a 422 naming the field", () => {
    it("on cart notes, address fields and the invitation e-mail; nothing changes", async () => {
      const { cart } = await cartWithAddress();
      const cases: [string, string, unknown, string, string][] = [
        ["PUT", `${API}/orders/${cart}`, { notes: "a\u0000b" }, "notes", USERS.spaBuyer],
        [
          "POST",
          `${API}/addresses`,
          {
            firstName: "Ada",
            lastName: "Null\u0000",
            street: "Main 1",
            city: "Berlin",
            postcode: "10115",
            countryCode: "DE",
          },
          "lastName",
          USERS.spaAdmin,
        ],
        [
          "POST",
          `${API}/shop-users`,
          { email: "new\u0000@demo-spa.example", roles: ["ROLE_COMMERCIAL"] },
          "email",
          USERS.spaAdmin,
        ],
        [
          "PUT",
          `${API}/orders/${cart}`,
          { items: [{ x: ["ok", "\u0000"] }] },
          "items[0].x[1]",
          USERS.spaBuyer,
        ],
      ];
      for (const [method, url, body, path, as] of cases) {
        // The body is sent as JSON text with the escape, as a client would.
        const problem = await t.refused(422, () =>
          t.request(method as "PUT", url, {
            as,
            body: JSON.stringify(body),
            headers: { "content-type": "application/json", "accept-language": "de" },
          }),
        );
        expect(problem.violations, url).toEqual([
          expect.objectContaining({ propertyPath: path, message: expect.stringMatching(/NUL/) }),
        ]);
      }
    });
  });
  describe("finding 6: the address book is checked wherever addresses leave", () => {
    it("MARKETING cannot read an address through its cart (IRI or the billing default)", async () => {
      const as = USERS.spaMarketing;
      const started = await t.request("POST", `${API}/orders`, { as, body: {} });
      expect(started.status).toBe(201);
      const cart = started.body.tokenValue as string;
      for (const field of ["shippingAddress", "billingAddress"]) {
        const problem = await t.refused(403, () =>
          t.request("PUT", `${API}/orders/${cart}`, {
            as,
            body: { [field]: `${API}/addresses/2` },
          }),
        );
        expect(JSON.stringify(problem)).not.toMatch(/Jungfernstieg|Friedrichstraße/);
      }
      // Any other cart change leaves the company's billing address out of a MARKETING cart.
      const note = await t.request("PUT", `${API}/orders/${cart}`, {
        as,
        body: { couponCode: null },
      });
      expect(note.status).toBe(200);
      expect(note.raw).not.toMatch(/Jungfernstieg|Friedrichstraße/);
      const read = await t.request("GET", `${API}/orders/${cart}`, { as });
      expect(read.raw).not.toMatch(/Jungfernstieg|Friedrichstraße/);
      expect(read.body.billingAddress).toBeNull();
      // A buyer of the same company still sets both.
      const buyer = await cartWithAddress();
      const own = await t.request("GET", `${API}/orders/${buyer.cart}`, { as: USERS.spaBuyer });
      expect(own.body.shippingAddress.street).toBe("Jungfernstieg 7");
    });
  });
  describe("finding 2: a new sign-in e-mail needs the password and a confirmed link", () => {
    const NEW = "anna.becker@new-mailbox.example";
    const mailsTo = (to: string) =>
      t.db
        .selectFrom("mail_outbox")
        .select(["kind", "text_body"])
        .where("to_address", "=", to)
        .orderBy("id")
        .execute();
    const signIn = (email: string) =>
      t.request("POST", `${API}/customers/token`, {
        body: { email, password: DEMO_PASSWORD },
      });

    it("asks the password, changes nothing until the link is opened, and tells the old address", async () => {
      const as = USERS.spaAdmin;
      const id = await t.userId(as);
      const body = { email: NEW, firstName: "Anna", lastName: "Becker" };
      const put = (extra: object) =>
        t.request("PUT", `${API}/customers/${id}`, { as, body: { ...body, ...extra } });
      const none = await t.refused(422, () => put({}));
      expect(none.violations).toEqual([
        expect.objectContaining({ propertyPath: "currentPassword", code: "field.required" }),
      ]);
      const wrong = await t.refused(422, () => put({ currentPassword: "not-my-password" }));
      expect(wrong.violations).toEqual([
        expect.objectContaining({ propertyPath: "currentPassword", code: "password.currentWrong" }),
      ]);

      const first = await put({ currentPassword: DEMO_PASSWORD });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ email: as, pendingEmail: NEW });
      const accepted = await put({ currentPassword: DEMO_PASSWORD });
      expect(accepted.status).toBe(200);
      // Nothing changed yet: the old address signs in, the new one does not.
      expect((await signIn(as)).status).toBe(200);
      expect((await signIn(NEW)).status).toBe(401);
      const toNew = await mailsTo(NEW);
      expect(toNew.map((m) => m.kind)).toEqual(["email_change_confirm", "email_change_confirm"]);
      const tokens = toNew.map((m) => /\/confirm-email\/([\w-]+)/.exec(m.text_body)![1]!);
      const toOld = await mailsTo(as);
      expect(toOld.filter((m) => m.kind === "email_change_requested")).toHaveLength(2);
      expect(toOld.at(-1)!.text_body).toContain(NEW);
      // Only the token's hash is stored; the newer request ended the older link.
      const stored = await t.db.selectFrom("email_changes").select("token_hash").execute();
      expect(JSON.stringify(stored)).not.toContain(tokens[1]!);
      await t.refused(404, () =>
        t.request("PATCH", `${API}/email-changes/${tokens[0]}`, { body: {} }),
      );

      const check = await t.request("GET", `${API}/email-changes/${tokens[1]}`);
      expect(check.body.newEmail).toBe(NEW);
      const confirmed = await t.request("PATCH", `${API}/email-changes/${tokens[1]}`, { body: {} });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ email: NEW });
      // Every session signed in before the change has ended (decision 060).
      await t.refused(401, () => t.request("GET", `${API}/customers/${id}`, { as }));
      const renamed = await signIn(NEW);
      expect(renamed.status).toBe(200);
      t.setToken(as, (renamed.body as { token: string }).token);
      expect((await signIn(as)).status).toBe(401);
      expect((await mailsTo(as)).at(-1)!.kind).toBe("email_changed");
      // Single use.
      await t.refused(404, () =>
        t.request("PATCH", `${API}/email-changes/${tokens[1]}`, { body: {} }),
      );

      // An expired link is refused too.
      const back = await t.request("PUT", `${API}/customers/${id}`, {
        as,
        body: { ...body, email: as, currentPassword: DEMO_PASSWORD },
      });
      expect(back.body.pendingEmail).toBe(as);
      const last = (await mailsTo(as)).at(-1)!;
      const token = /\/confirm-email\/([\w-]+)/.exec(last.text_body)![1]!;
      await t.db
        .updateTable("email_changes")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("used_at", "is", null)
        .execute();
      await t.refused(404, () => t.request("PATCH", `${API}/email-changes/${token}`, { body: {} }));
      await t.db.updateTable("shop_users").set({ email: as }).where("id", "=", id).execute();
    });

    it("counts wrong passwords of an e-mail change like failed sign-ins", async () => {
      const app = await appOn(t);
      try {
        const token = await t.token(USERS.spaBuyer);
        const id = await t.userId(USERS.spaBuyer);
        const change = (currentPassword: string) =>
          app.inject({
            method: "PUT",
            url: `${API}/customers/${id}`,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            payload: JSON.stringify({
              email: "somewhere@else.example",
              firstName: "Bea",
              lastName: "Buyer",
              currentPassword,
            }),
          });
        for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).statusCode).toBe(422);
        expect((await change(DEMO_PASSWORD)).statusCode).toBe(429);
      } finally {
        await app.close();
      }
    });
  });

  describe("finding 5: whether an address has an account is told only inside the company", () => {
    it("answers another company's address like a free one, a colleague's as taken", async () => {
      const as = USERS.spaBuyer;
      const id = await t.userId(as);
      const me = await t.request("GET", `${API}/customers/${id}`, { as });
      const body = { firstName: me.body.firstName, lastName: me.body.lastName };
      const change = (email: string) =>
        t.request("PUT", `${API}/customers/${id}`, {
          as,
          body: { ...body, email, currentPassword: DEMO_PASSWORD },
        });
      const free = await change("nobody.yet@free.example");
      const elsewhere = await change(USERS.retailAdmin);
      expect(free.status).toBe(200);
      expect(elsewhere.status).toBe(200);
      const shape = (b: Record<string, unknown>) => ({ ...b, pendingEmail: "x" });
      expect(shape(elsewhere.body)).toEqual(shape(free.body));
      // The holder of the address is told, without a link; nothing changes.
      const mails = await t.db
        .selectFrom("mail_outbox")
        .select(["kind", "text_body"])
        .where("to_address", "=", USERS.retailAdmin)
        .execute();
      expect(mails.map((m) => m.kind)).toEqual(["email_change_in_use"]);
      expect(mails[0]!.text_body).not.toMatch(/confirm-email|Demo Spa|buyer@/);
      const colleague = await t.refused(422, () => change(USERS.spaMarketing));
      expect(colleague.violations).toEqual([
        expect.objectContaining({ propertyPath: "email", code: "account.emailTaken" }),
      ]);

      // Invitations: a colleague's address is named taken; another company's is invited
      // exactly like a free one (migration 0014).
      const invite = (email: string) =>
        t.request("POST", `${API}/shop-users`, {
          as: USERS.spaAdmin,
          body: { email, roles: ["COMMERCIAL"] },
        });
      const own = await t.refused(422, () => invite(USERS.spaMarketing));
      expect(own.violations?.[0]).toMatchObject({ code: "account.emailTaken" });
    });

    it("invites another company's address exactly like a free one; its holder cannot accept", async () => {
      const invite = (email: string) =>
        t.request("POST", `${API}/shop-users`, {
          as: USERS.spaAdmin,
          body: { email, roles: ["COMMERCIAL"] },
        });
      const FREE = "still.free@nowhere.example";
      const free = await invite(FREE);
      const elsewhere = await invite(USERS.retailAdmin);
      expect(free.status).toBe(201);
      expect(elsewhere.status).toBe(201);
      // The same answer but for the address and the new user's id.
      const shape = (b: Record<string, unknown>) =>
        JSON.parse(
          JSON.stringify(b)
            .replaceAll(String(b.id), "0")
            .replace(/still\.free@nowhere\.example|admin@demo-retail\.example/g, "ADDRESS"),
        );
      expect(shape(elsewhere.body)).toEqual(shape(free.body));
      expect(elsewhere.headers.location).toMatch(/\/shop-users\/\d+$/);
      // The team list shows both invitations alike.
      const team = await t.request("GET", `${API}/shop-users`, { as: USERS.spaAdmin });
      const listed = JSON.stringify(team.body);
      expect(listed).toContain(FREE);
      expect(listed).toContain(USERS.retailAdmin);
      // Both addresses get an invitation mail.
      const mails = await t.db
        .selectFrom("mail_outbox")
        .select(["to_address", "kind", "text_body"])
        .where("to_address", "in", [FREE, USERS.retailAdmin])
        .where("kind", "=", "invitation")
        .execute();
      expect(mails.map((m) => m.to_address).sort()).toEqual([USERS.retailAdmin, FREE].sort());

      // The holder of the other company's account reads the link: it cannot be used, and says
      // why (in German too); registering through it changes nothing.
      const mail = mails.find((m) => m.to_address === USERS.retailAdmin)!;
      const token = /\/register\/([\w-]+)/.exec(mail.text_body)![1]!;
      const check = await t.request("GET", `/api/v2/team-members/invitations/${token}`, {
        headers: { "accept-language": "de" },
      });
      expect(check.status).toBe(404);
      expect(check.body.type).toBe("/problems/invitation-email-has-account");
      expect(check.body.detail).toMatch(/bereits ein Konto/);
      const registration = await t.refused(422, () =>
        t.request("POST", "/api/v2/team-members/register", {
          body: {
            firstName: "Rita",
            lastName: "Retail",
            token,
            newPlainPassword: "a-brand-new-passphrase-9",
          },
        }),
      );
      expect(registration.violations?.[0]).toMatchObject({
        propertyPath: "token",
        code: "invitation.emailHasAccount",
      });
      // The holder still signs in to their own company, with their own password.
      const signIn = await t.request("POST", `${API}/customers/token`, {
        body: { email: USERS.retailAdmin, password: DEMO_PASSWORD },
      });
      expect(signIn.status).toBe(200);
      const me = await t.request("GET", `${API}/customers/${await t.userId(USERS.retailAdmin)}`, {
        token: signIn.body.token,
      });
      expect(me.status).toBe(200);
      // The free address registers through its link as ever.
      const freeMail = mails.find((m) => m.to_address === FREE)!;
      const freeToken = /\/register\/([\w-]+)/.exec(freeMail.text_body)![1]!;
      expect((await t.request("GET", `/api/v2/team-members/invitations/${freeToken}`)).status).toBe(
        200,
      );
      const registered = await t.request("POST", "/api/v2/team-members/register", {
        body: {
          firstName: "Fred",
          lastName: "Free",
          token: freeToken,
          newPlainPassword: "a-brand-new-passphrase-9",
        },
      });
      expect(registered.status).toBe(201);
    });

    it("limits the addresses one user may look up", async () => {
      const limited = {
        ...t.config,
        rateLimits: { ...t.config.rateLimits, emailCheckUser: { limit: 3, minutes: 60 } },
      };
      const app = await appOn(t, limited);
      try {
        const token = await t.token(USERS.spaAdmin);
        const invite = (email: string) =>
          app.inject({
            method: "POST",
            url: `${API}/shop-users`,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            payload: JSON.stringify({ email, roles: ["COMMERCIAL"] }),
          });
        // Another company's address and a free one alike; then the first again, now this
        // company's own invitation.
        expect((await invite("probe.zero@nowhere.example")).statusCode).toBe(201);
        expect((await invite("probe.one@nowhere.example")).statusCode).toBe(201);
        expect((await invite("probe.zero@nowhere.example")).statusCode).toBe(422);
        const fourth = await invite("probe.two@nowhere.example");
        expect(fourth.statusCode).toBe(429);
        expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
        // Invalid input looks nothing up and is not what the limit counts.
        expect(JSON.parse(fourth.body).type).toBe("/problems/too-many-requests");
      } finally {
        await app.close();
      }
    });
  });

  describe("finding 4: wrong current passwords count like failed sign-ins", () => {
    it("ten wrong guesses lock the password change and the sign-in of that account", async () => {
      // Own counters, so the other tests' sign-ins are not locked.
      const app = await appOn(t);
      try {
        const token = await t.token(USERS.spaBuyer);
        const id = await t.userId(USERS.spaBuyer);
        const change = (currentPassword: string) =>
          app.inject({
            method: "PUT",
            url: `${API}/customers/${id}/password`,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            payload: JSON.stringify({
              currentPassword,
              newPassword: "a-brand-new-passphrase-9",
              confirmNewPassword: "a-brand-new-passphrase-9",
            }),
          });
        for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).statusCode).toBe(422);
        const right = await change(DEMO_PASSWORD);
        expect(right.statusCode).toBe(429);
        expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
        const signIn = await app.inject({
          method: "POST",
          url: `${API}/customers/token`,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ email: USERS.spaBuyer, password: DEMO_PASSWORD }),
        });
        expect(signIn.statusCode).toBe(429);
      } finally {
        await app.close();
      }
    });
  });
});
