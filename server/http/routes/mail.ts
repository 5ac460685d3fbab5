import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { recordAudit } from "../../db/audit.js";
import { hashToken, newSecretToken } from "../../db/invitations.js";
import type { DB } from "../../db/schema.js";
import { passwordViolations } from "../../domain/password.js";
import { readRegistration, type CountryFacts } from "../../domain/registration.js";
import type { Violation } from "../../domain/violations.js";
import { renderOutboxPage, type OutboxEntry } from "../../mail/dev-page.js";
import {
  passwordChangedMail,
  passwordResetMail,
  registrationReceivedMail,
  RESET_TTL_MINUTES,
} from "../../mail/messages.js";
import { queueMail } from "../../mail/outbox.js";
import { hashPassword, staffPrincipalOf } from "../auth.js";
import type { AppContext } from "../context.js";
import { fromLoopback } from "../dev-access.js";
import { pickLanguage, translate } from "../i18n.js";
import { collection } from "../iri.js";
import { languageOf, notFound, Problem, unprocessable } from "../problem.js";
import { BodyReader } from "../validate.js";

/** Reset mails per user per hour; beyond it a request still answers 202 but sends nothing. */
export const RESET_REQUESTS_PER_HOUR = 3;
const DEV_PAGE_SIZE = 50;

const SYSTEM = { type: "system", id: null } as const;

/**
 * Mail and the public account entry points that work by mail: the development outbox page,
 * forgotten password (request, check and use a reset link) and partner registration.
 */
export async function registerMailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerOutboxPages(app, ctx);
  registerPasswordReset(app, ctx);
  registerPartnerRegistration(app, ctx);
}

/**
 * `/dev/mail`: the newest outbox mails, so an invitation or reset link can be followed in
 * development without a mail server. They hold live tokens (a reset link is an account), so
 * production answers 404, and elsewhere only a request from this machine itself (loopback) or
 * a signed-in staff member (back-office token) sees them; anyone else gets the same 404.
 */
function registerOutboxPages(app: FastifyInstance, { db, config }: AppContext) {
  const newest = async (request: FastifyRequest) => {
    if (config.env === "production") throw notFound();
    if (!fromLoopback(request)) {
      // A bad or foreign token is a 401 like anywhere else; no token or a shop token, 404.
      const staff = await staffPrincipalOf(request, db, config.jwtSecret);
      if (!staff) throw notFound();
    }
    const [rows, count] = await Promise.all([
      db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(DEV_PAGE_SIZE).execute(),
      db
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    const entries: OutboxEntry[] = rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to_address,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      lastError: m.last_error,
      createdAt: new Date(m.created_at).toISOString(),
      sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
      text: m.text_body,
    }));
    return { entries, total: Number(count.n) };
  };

  app.get("/dev/mail", async (request, reply) => {
    const { entries, total } = await newest(request);
    return (
      reply
        .type("text/html; charset=utf-8")
        // Mails carry text others typed (names, companies): even if escaping ever slipped, no
        // script on this page would run.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "no-store")
        .send(renderOutboxPage(entries, total))
    );
  });

  app.get("/dev/mail.json", async (request, reply) => {
    const { entries, total } = await newest(request);
    reply.header("cache-control", "no-store");
    return collection(entries, total);
  });
}

/** A reset link that does not work (unknown, used, expired or its user disabled). */
const invalidLink = () => new Problem(404, "/problems/not-found", "passwordReset.invalidLink");

/**
 * Forgotten password. The request always answers 202, so nobody learns which e-mails have
 * accounts; the link `{publicUrl}/forgotten-password/{token}` works once, for an hour, and
 * only the token's hash is stored.
 */
function registerPasswordReset(app: FastifyInstance, { db, config }: AppContext) {
  app.post("/api/v2/shop/reset-password-requests", async (request, reply) => {
    const r = new BodyReader(request.body, ["email", "localeCode"]);
    const email = r.string("email", { required: true, email: true });
    // Sylius's storefront names the mail's locale in the body (`fr_FR`); else the headers decide.
    const localeCode = r.string("localeCode", { max: 10 });
    r.done();
    const lang = localeCode
      ? pickLanguage(localeCode, request.headers["accept-language"])
      : languageOf(request);
    const now = new Date();
    await db.transaction().execute(async (tx) => {
      const user = await tx
        .selectFrom("shop_users as u")
        .innerJoin("companies as c", "c.id", "u.company_id")
        .select(["u.id", "u.email", "u.company_id"])
        .where((eb) => eb(eb.fn("lower", ["u.email"]), "=", email!.toLowerCase()))
        .where("u.enabled", "=", true)
        .where("u.password_hash", "is not", null)
        .where("c.enabled", "=", true)
        // One request of a user at a time, so the hourly limit cannot be raced past.
        .forUpdate("u")
        .executeTakeFirst();
      // Invited colleagues without a password register through their invitation instead.
      if (!user) return;
      const recent = await tx
        .selectFrom("password_resets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("shop_user_id", "=", user.id)
        .where("created_at", ">", new Date(now.getTime() - 3_600_000))
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= RESET_REQUESTS_PER_HOUR) {
        request.log.warn({ userId: user.id }, "password reset requests over the hourly limit");
        return;
      }
      // Only the newest link works: an older mail lying around opens nothing.
      await expireOpenResets(tx, user.id, now);
      const { token, hash } = newSecretToken();
      const expiresAt = new Date(now.getTime() + RESET_TTL_MINUTES * 60_000);
      const reset = await tx
        .insertInto("password_resets")
        .values({ shop_user_id: user.id, token_hash: hash, expires_at: expiresAt, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await queueMail(
        tx,
        passwordResetMail(lang, {
          to: user.email,
          link: `${config.publicUrl}/forgotten-password/${token}`,
          brandName: config.brandName,
        }),
      );
      await recordAudit(tx, {
        actor: SYSTEM,
        companyId: user.company_id,
        entityType: "shop_user",
        entityId: user.id,
        action: "password_reset_requested",
        after: { resetId: reset.id, expiresAt: expiresAt.toISOString() },
      });
    });
    return reply.code(202).send();
  });

  app.get("/api/v2/shop/reset-password/:token", async (request) => {
    const found = await openReset(db, tokenOf(request), new Date(), false);
    if (!found) throw invalidLink();
    return { valid: true };
  });

  app.patch("/api/v2/shop/reset-password/:token", async (request, reply) => {
    const r = new BodyReader(request.body, ["newPassword", "confirmNewPassword"]);
    // Passwords are taken as typed: no trimming, so what is set is what signs in.
    for (const key of ["newPassword", "confirmNewPassword"]) {
      const value = r.raw(key);
      if (value !== undefined && value !== null && typeof value !== "string")
        r.add({ propertyPath: key, message: "field.type", params: { type: "string" } });
    }
    r.done();
    const newPassword = r.raw("newPassword");
    const confirm = r.raw("confirmNewPassword");
    const lang = languageOf(request);
    const now = new Date();
    await db.transaction().execute(async (tx) => {
      // Locked, so two submissions of one link cannot both set a password.
      const found = await openReset(tx, tokenOf(request), now, true);
      if (!found) throw invalidLink();
      const violations: Violation[] = passwordViolations(newPassword, found.email, "newPassword");
      if (typeof confirm !== "string" || confirm === "") {
        violations.push({ propertyPath: "confirmNewPassword", message: "field.required" });
      } else if (confirm !== newPassword) {
        violations.push({ propertyPath: "confirmNewPassword", message: "password.mismatch" });
      }
      if (violations.length > 0) throw unprocessable(violations);
      const hash = await hashPassword(newPassword as string);
      await tx
        .updateTable("shop_users")
        // A reset also ends every session signed in with the old password.
        .set((eb) => ({ password_hash: hash, token_version: eb("token_version", "+", 1) }))
        .where("id", "=", found.userId)
        .execute();
      await tx
        .updateTable("password_resets")
        .set({ used_at: now })
        .where("id", "=", found.resetId)
        .execute();
      await expireOpenResets(tx, found.userId, now);
      await queueMail(
        tx,
        passwordChangedMail(lang, {
          to: found.email,
          brandName: config.brandName,
          supportEmail: config.supportEmail,
        }),
      );
      await recordAudit(tx, {
        actor: { type: "user", id: found.userId },
        companyId: found.companyId,
        entityType: "shop_user",
        entityId: found.userId,
        action: "password_reset",
        after: { resetId: found.resetId, passwordChanged: true },
      });
    });
    return reply.code(204).send();
  });
}

function tokenOf(request: FastifyRequest): string {
  return (request.params as { token: string }).token;
}

/**
 * The reset of `token` if it still works: unused, not expired, its user enabled with a
 * password and the company enabled. `lock` locks the reset row for the caller's transaction.
 */
async function openReset(db: Kysely<DB>, token: string, now: Date, lock: boolean) {
  let query = db
    .selectFrom("password_resets as r")
    .innerJoin("shop_users as u", "u.id", "r.shop_user_id")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select([
      "r.id as resetId",
      "r.used_at",
      "r.expires_at",
      "u.id as userId",
      "u.email",
      "u.company_id as companyId",
    ])
    .where("r.token_hash", "=", hashToken(token))
    .where("u.enabled", "=", true)
    .where("u.password_hash", "is not", null)
    .where("c.enabled", "=", true);
  if (lock) query = query.forUpdate("r");
  const row = await query.executeTakeFirst();
  // Checked after locking: a link used by a concurrent request is seen as used here.
  if (!row || row.used_at !== null || new Date(row.expires_at) <= now) return undefined;
  return row;
}

async function expireOpenResets(tx: Kysely<DB>, userId: number, now: Date) {
  await tx
    .updateTable("password_resets")
    .set({ expires_at: now })
    .where("shop_user_id", "=", userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
}

/** 409 for an application that would duplicate a partner, a user or a pending application. */
function duplicate(key: string, propertyPath: string, params: Record<string, string> = {}) {
  return new Problem(409, "/problems/duplicate-registration", key, params, [
    { propertyPath, message: key, params },
  ]);
}

/**
 * `POST /form/customer`: a company applies to become a partner (account spec section 7). The
 * application waits for the brand's staff; the contact gets a mail saying so.
 */
function registerPartnerRegistration(app: FastifyInstance, { db, config }: AppContext) {
  app.post("/form/customer", async (request, reply) => {
    const result = readRegistration(request.body, await enabledCountries(db));
    if (!("registration" in result)) throw unprocessable(result.violations);
    const reg = result.registration;
    const contact = reg.relationships.default_contact;
    const lang = languageOf(request);
    const emailPath = "relationships.default_contact.email";
    try {
      await db.transaction().execute(async (tx) => {
        const lower = contact.email.toLowerCase();
        const user = await tx
          .selectFrom("shop_users")
          .select("id")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", lower))
          .executeTakeFirst();
        if (user) throw duplicate("partnerRegistration.emailTaken", emailPath);
        const pending = await tx
          .selectFrom("partner_applications")
          .select("id")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", lower))
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (pending) throw duplicate("partnerRegistration.applicationPending", emailPath);
        const name = reg.companyName.toLowerCase();
        const company = await tx
          .selectFrom("companies")
          .select("id")
          .where((eb) =>
            eb.or([
              eb(eb.fn("lower", ["name"]), "=", name),
              eb(eb.fn("lower", ["legal_name"]), "=", name),
            ]),
          )
          .executeTakeFirst();
        if (company) {
          throw duplicate("partnerRegistration.companyExists", "companyName", {
            supportEmail: config.supportEmail,
          });
        }
        const application = await tx
          .insertInto("partner_applications")
          .values({
            email: contact.email,
            company_name: reg.companyName,
            country_code: reg.relationships.billing_address.country,
            language: lang,
            // Kept in the wire shape the storefront sends (evaluation as a JSON string).
            payload: JSON.stringify({ ...reg, evaluation: JSON.stringify(reg.evaluation) }),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await queueMail(
          tx,
          registrationReceivedMail(lang, {
            to: contact.email,
            name: contact.name,
            company: reg.companyName,
            brandName: config.brandName,
            supportEmail: config.supportEmail,
          }),
        );
        await recordAudit(tx, {
          actor: SYSTEM,
          companyId: null,
          entityType: "partner_application",
          entityId: application.id,
          action: "create",
          after: {
            status: "pending",
            email: contact.email,
            companyName: reg.companyName,
            countryCode: reg.relationships.billing_address.country,
            businessModel: reg.evaluation.business_model,
          },
        });
      });
    } catch (error) {
      // Two submissions of one e-mail at once: the pending-e-mail unique index lets one in.
      if ((error as { code?: unknown }).code === "23505") {
        throw duplicate("partnerRegistration.applicationPending", emailPath);
      }
      throw error;
    }
    return reply.code(201).send({ message: translate(lang, "partnerRegistration.received") });
  });
}

/** Enabled countries with their EMEA flag and provinces, for the registration rules. */
async function enabledCountries(db: Kysely<DB>): Promise<Map<string, CountryFacts>> {
  const [countries, provinces] = await Promise.all([
    db.selectFrom("countries").select(["code", "emea"]).where("enabled", "=", true).execute(),
    db.selectFrom("provinces").select(["code", "name", "country_code"]).execute(),
  ]);
  const provincesOf = new Map<string, { code: string; name: string }[]>();
  for (const p of provinces) {
    const list = provincesOf.get(p.country_code) ?? [];
    list.push({ code: p.code, name: p.name });
    provincesOf.set(p.country_code, list);
  }
  const map = new Map<string, CountryFacts>();
  for (const c of countries) {
    map.set(c.code, { code: c.code, emea: c.emea, provinces: provincesOf.get(c.code) ?? [] });
  }
  return map;
}
