import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readyCart as readyCart } from "../support/carts.js";
import { testCard } from "../support/test-card.js";
import { backends, DEMO_PASSWORD, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const CARD = "/api/v2/shop/payment/adyen/adyen_card";

/**
 * Issue 30, items 6, 7 and 11 (decision 053): mails go in the recipient's language (the one
 * they signed in with or chose; an invitee's as the inviting person gives it), amounts and dates
 * in it are written by the one formatter, and a placed order is confirmed to the buyer.
 */
describe.each(backends)("mails in the recipient's language on %s", (backend) => {
  let t: TestApp;
  let buyerId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    buyerId = await t.userId(USERS.spaBuyer);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.db.updateTable("shop_users").set({ order_limit: null, monthly_limit: null }).execute();
    await t.db.updateTable("shop_users").set({ locale_code: "en_US" }).execute();
  });

  const localeOf = async (email: string) =>
    (
      await t.db
        .selectFrom("shop_users")
        .select("locale_code")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).locale_code;
  const chooseLanguage = (as: string, id: number, localeCode: unknown) =>
    t.request("PUT", `/api/v2/shop/customers/${id}/language`, { as, body: { localeCode } });
  const lastMail = async (to: string, kind: string) =>
    (
      await t.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("to_address", "=", to)
        .where("kind", "=", kind)
        .orderBy("id", "desc")
        .limit(1)
        .execute()
    )[0];

  /** A cart of 30 serums to the company's German address, paid by `method`. */
  const complete = (token: string, body: object = {}) =>
    t.request("PATCH", `/api/v2/shop/orders/${token}/complete`, {
      as: USERS.spaBuyer,
      body,
      // The request's language is not the buyer's: the mail follows the buyer's.
      headers: { "accept-language": "en" },
    });

  it("remembers the language a person signs in with, and leaves it when a client names none", async () => {
    const signIn = (headers: Record<string, string>) =>
      t.request("POST", "/api/v2/shop/customers/token", {
        body: { email: USERS.spaBuyer, password: DEMO_PASSWORD },
        headers,
      });
    expect((await signIn({ locale: "fr_FR" })).status).toBe(200);
    expect(await localeOf(USERS.spaBuyer)).toBe("fr_FR");
    expect((await signIn({})).status).toBe(200);
    expect(await localeOf(USERS.spaBuyer)).toBe("fr_FR");
    expect((await signIn({ "accept-language": "it-IT,it;q=0.9,en;q=0.5" })).status).toBe(200);
    expect(await localeOf(USERS.spaBuyer)).toBe("it_IT");
  });

  it("remembers the language a person chooses; another's or an unknown one is refused", async () => {
    expect((await chooseLanguage(USERS.spaBuyer, buyerId, "de_DE")).status).toBe(204);
    expect(await localeOf(USERS.spaBuyer)).toBe("de_DE");
    const unknown = await chooseLanguage(USERS.spaBuyer, buyerId, "xx_XX");
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations[0].propertyPath).toBe("localeCode");
    const other = await t.userId(USERS.spaAdmin);
    expect((await chooseLanguage(USERS.spaBuyer, other, "fr_FR")).status).toBe(404);
    expect(await localeOf(USERS.spaAdmin)).toBe("en_US");
  });

  it("confirms an invoice order to the buyer in German: lines, totals, PO number, comment, addresses, payment, link", async () => {
    expect((await chooseLanguage(USERS.spaBuyer, buyerId, "de_DE")).status).toBe(204);
    const token = await readyCart(t);
    const placed = await complete(token, { notes: "Bitte an den Empfang", poNumber: "PO-4711" });
    expect(placed.status, placed.raw).toBe(200);
    const mail = (await lastMail(USERS.spaBuyer, "order_confirmation"))!;
    expect(mail).toBeDefined();
    const number = placed.body.number as string;
    expect(mail.subject).toBe(`Ihre Bestellung ${number} bei Lumé Atelier`);
    const text = mail.text_body;
    expect(text).toContain("vielen Dank für Ihre Bestellung");
    // The product in German, with its variant and the German amounts of the one formatter.
    expect(text).toMatch(/- Firm Lift Peptid-Serum \(30 ml\), FIRM-LIFT-SERUM-30ML/);
    const euros = (minor: number) =>
      new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, useGrouping: "always" }).format(
        minor / 100,
      ) + "\u00a0€";
    const line = placed.body.items[0];
    expect(text).toContain(`30 × ${euros(line.unitPrice)} = ${euros(line.total)}`);
    expect(text).toContain(`Zwischensumme: ${euros(placed.body.itemsSubtotal)}`);
    expect(text).toContain(`Gesamtsumme: ${euros(placed.body.total)}`);
    expect(text).toContain("Versand: ");
    expect(text).toContain("MwSt.: ");
    expect(text).toContain("Bestellreferenz (PO-Nummer): PO-4711");
    expect(text).toContain("Kommentar: Bitte an den Empfang");
    expect(text).toContain("Rechnungsadresse:");
    expect(text).toContain("Lieferadresse:");
    // Countries by name in the reader's language, never the code alone.
    expect(text).toContain("  Deutschland");
    expect(text).toContain("Zahlungsart: Überweisung auf Rechnung (zahlbar innerhalb von");
    expect(text).toContain(`/shop/account/order-history?order=${number}`);
    expect(text).not.toMatch(/\d+\.\d\d EUR/);
  });

  it("writes a US address as a US letter does: 'New York, NY 10118', the country in the reader's language", async () => {
    const addresses = await t.request("GET", "/api/v2/shop/addresses", { as: USERS.retailAdmin });
    const newYork = (addresses.body["hydra:member"] as { id: number; city: string }[]).find(
      (a) => a.city === "New York",
    )!;
    const token = await readyCart(t, {
      as: USERS.retailAdmin,
      address: newYork.id,
      variant: "AURA-LED-MASK-WHITE",
      quantity: 4,
    });
    const placed = await t.request("PATCH", `/api/v2/shop/orders/${token}/complete`, {
      as: USERS.retailAdmin,
      body: {},
    });
    expect(placed.status, placed.raw).toBe(200);
    const text = (await lastMail(USERS.retailAdmin, "order_confirmation"))!.text_body;
    expect(text).toContain("  350 Fifth Avenue\n  New York, NY 10118\n  United States");
    expect(text).not.toContain("10118 New York");
  });

  it("says when the order awaits approval; the ADMIN's and the buyer's mails are each in their own language", async () => {
    expect((await chooseLanguage(USERS.spaBuyer, buyerId, "fr_FR")).status).toBe(204);
    const adminId = await t.userId(USERS.spaAdmin);
    expect((await chooseLanguage(USERS.spaAdmin, adminId, "de_DE")).status).toBe(204);
    const limits = await t.request("PUT", `/api/v2/shop/shop-users/${buyerId}/spending-limits`, {
      as: USERS.spaAdmin,
      body: { orderLimit: 100 },
    });
    expect(limits.status, limits.raw).toBe(200);
    const token = await readyCart(t);
    const placed = await complete(token);
    expect(placed.status, placed.raw).toBe(200);
    expect(placed.body.state).toBe("awaiting approval");
    const confirmation = (await lastMail(USERS.spaBuyer, "order_confirmation"))!;
    expect(confirmation.subject).toContain("attend une approbation");
    expect(confirmation.text_body).toContain("plafond de dépenses");
    // The ADMIN is asked in German, with a German amount.
    const asked = (await lastMail(USERS.spaAdmin, "approval_requested"))!;
    expect(asked.text_body).toMatch(/\d,\d\d\u00a0€/);
    expect(asked.text_body).not.toMatch(/\d\.\d\d EUR/);
    // The ADMIN rejects in English; the buyer reads it in French.
    const rejected = await t.request("POST", `/api/v2/shop/approvals/${token}/reject`, {
      as: USERS.spaAdmin,
      body: { reason: "Budget" },
      headers: { "accept-language": "en" },
    });
    expect(rejected.status, rejected.raw).toBe(200);
    const rejection = (await lastMail(USERS.spaBuyer, "order_rejected"))!;
    const frenchSubject = (await import("../../locales/fr/server-mail.json")).default.mail
      .orderRejectedSubject as string;
    expect(rejection.subject).toBe(
      frenchSubject.replace("{number}", placed.body.number).replace("{brand}", "Lumé Atelier"),
    );
  });

  it("confirms a card order when its payment places it", async () => {
    expect((await chooseLanguage(USERS.spaBuyer, buyerId, "it_IT")).status).toBe(204);
    const token = await readyCart(t, { method: "adyen_card" });
    const before = await lastMail(USERS.spaBuyer, "order_confirmation");
    const paid = await t.request("POST", `${CARD}/${token}/payments`, {
      as: USERS.spaBuyer,
      body: testCard("4111111111111111"),
    });
    expect(paid.status, paid.raw).toBe(200);
    const mail = (await lastMail(USERS.spaBuyer, "order_confirmation"))!;
    expect(mail.id).not.toBe(before?.id);
    expect(mail.subject).toMatch(/^Il tuo ordine \S+ presso Lumé Atelier$/);
    expect(mail.text_body).toContain("Metodo di pagamento: Carta di credito");
    expect(mail.text_body).toContain("Germania");
  });

  it("writes an invitation in the inviting person's language, or in the one given for the invitee", async () => {
    const invite = (email: string, headers: Record<string, string>, language?: string) =>
      t.request("POST", "/api/v2/shop/shop-users", {
        as: USERS.spaAdmin,
        body: { email, roles: ["COMMERCIAL"], ...(language ? { language } : {}) },
        headers,
      });
    const french = await invite("lea@demo-spa.example", { "accept-language": "fr-FR" });
    expect(french.status, french.raw).toBe(201);
    const lea = (await lastMail("lea@demo-spa.example", "invitation"))!;
    expect(lea.subject).toBe("Vous êtes invité sur le portail partenaires Lumé Atelier");
    expect(lea.text_body).toContain("Demo Spa GmbH vous invite");
    expect(await localeOf("lea@demo-spa.example")).toBe("fr_FR");
    const spanish = await invite("pablo@demo-spa.example", { "accept-language": "de" }, "es");
    expect(spanish.status, spanish.raw).toBe(201);
    const pablo = (await lastMail("pablo@demo-spa.example", "invitation"))!;
    expect(pablo.subject).toBe("Le han invitado al portal de socios de Lumé Atelier");
    expect(await localeOf("pablo@demo-spa.example")).toBe("es_ES");
    const unknown = await invite("nobody@demo-spa.example", {}, "klingon");
    expect(unknown.status).toBe(422);
    expect(await lastMail("nobody@demo-spa.example", "invitation")).toBeUndefined();
  });
  it("writes the mails of a link opened without a Locale header in the person's stored language (issue 30)", async () => {
    const email = USERS.spaBuyer;
    const id = await t.userId(email);
    expect((await chooseLanguage(email, id, "de_DE")).status).toBe(204);

    const newPassword = "Ein-neues-Passwort-2026";
    // The e-mail confirmation link, opened with no language header at all.
    const current = await t.request("GET", `/api/v2/shop/customers/${id}`, { as: email });
    const newEmail = "einkauf.neu@demo-spa.example";
    const put = await t.request("PUT", `/api/v2/shop/customers/${id}`, {
      as: email,
      body: {
        email: newEmail,
        firstName: current.body.firstName,
        lastName: current.body.lastName,
        currentPassword: DEMO_PASSWORD,
      },
      headers: { locale: "de_DE" },
    });
    expect(put.status, put.raw).toBe(200);
    const confirm = await lastMail(newEmail, "email_change_confirm");
    const token = /\/confirm-email\/([\w-]+)/.exec(confirm!.text_body)![1]!;
    const done = await t.app.inject({
      method: "PATCH",
      url: `/api/v2/shop/email-changes/${token}`,
      headers: { "content-type": "application/json", "x-requested-with": "fetch" },
      payload: "{}",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await lastMail(email, "email_changed"))!.subject).toBe(
      "Ihre Anmelde-E-Mail bei Lumé Atelier wurde geändert",
    );

    // The reset link, opened in a browser that sends no Locale header and an English
    // Accept-Language: the confirmation goes in German, the person's language.
    expect(
      (
        await t.request("POST", "/api/v2/shop/reset-password-requests", {
          body: { email: newEmail },
          headers: { locale: "de_DE" },
        })
      ).status,
    ).toBe(202);
    const reset = await lastMail(newEmail, "password_reset");
    const resetToken = /\/forgotten-password\/([\w-]+)/.exec(reset!.text_body)![1]!;
    const changed = await t.request("PATCH", `/api/v2/shop/reset-password/${resetToken}`, {
      body: { newPassword, confirmNewPassword: newPassword },
      headers: { "accept-language": "en-US" },
    });
    expect(changed.status, changed.raw).toBe(204);
    expect((await lastMail(newEmail, "password_changed"))!.subject).toBe(
      "Ihr Passwort für das Lumé Atelier Partnerportal wurde geändert",
    );
  });
});
