import type { FastifyInstance, FastifyRequest } from "fastify";
import { recordAudit } from "../../db/audit.js";
import { newSecretToken } from "../../db/invitations.js";
import {
  expireOpenResets,
  insertPasswordReset,
  lockResetRequester,
  openReset,
  resetsSince,
  usePasswordReset,
} from "../../db/password-resets.js";
import { passwordViolations } from "../../domain/password.js";
import type { Violation } from "../../../rules/violations.js";
import { passwordChangedMail, passwordResetMail, RESET_TTL_MINUTES } from "../../mail/messages.js";
import { queueMail } from "../../mail/outbox.js";
import type { AppContext } from "../context.js";
import { languageOf, recipientLanguage } from "../problem.js";
import { BodyReader } from "../validate.js";
import { shopAccountKey } from "../rate-limit.js";
import { hashPassword } from "../../core/password-hash.js";
import { pickLanguage } from "../../core/i18n.js";
import { Problem, unprocessable } from "../../core/problem.js";

/** Reset mails per user per hour; beyond it a request still answers 202 but sends nothing. */
export const RESET_REQUESTS_PER_HOUR = 3;

const SYSTEM = { type: "system", id: null } as const;

/** A reset link that does not work (unknown, used, expired or its user disabled). */
const invalidLink = () => new Problem(404, "/problems/not-found", "passwordReset.invalidLink");

/**
 * Forgotten password. The request always answers 202, so nobody learns which e-mails have
 * accounts; the link `{publicUrl}/forgotten-password/{token}` works once, for an hour, and
 * only the token's hash is stored.
 */
export function registerPasswordReset(app: FastifyInstance, { db, config }: AppContext) {
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
      const user = await lockResetRequester(tx, email!);
      // Invited colleagues without a password register through their invitation instead.
      if (!user) return;
      const recent = await resetsSince(tx, user.id, new Date(now.getTime() - 3_600_000));
      if (recent >= RESET_REQUESTS_PER_HOUR) {
        request.log.warn({ userId: user.id }, "password reset requests over the hourly limit");
        return;
      }
      // Only the newest link works: an older mail lying around opens nothing.
      await expireOpenResets(tx, user.id, now);
      const { token, hash } = newSecretToken();
      const expiresAt = new Date(now.getTime() + RESET_TTL_MINUTES * 60_000);
      const reset = await insertPasswordReset(tx, {
        userId: user.id,
        tokenHash: hash,
        expiresAt,
        createdAt: now,
      });
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
    const now = new Date();
    const email = await db.transaction().execute(async (tx) => {
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
      await usePasswordReset(tx, found, hash, now);
      await expireOpenResets(tx, found.userId, now);
      await queueMail(
        tx,
        // The person's own language, not the language of the browser that opened the link.
        passwordChangedMail(recipientLanguage(found.localeCode, request), {
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
      return found.email;
    });
    // The mailbox proved who this is and the password is new: failed sign-ins with the old one
    // no longer lock the account out (decision 060). The per-address limit stays.
    await app.rateLimitClear("signInAccount", shopAccountKey(email));
    return reply.code(204).send();
  });
}

function tokenOf(request: FastifyRequest): string {
  return (request.params as { token: string }).token;
}
