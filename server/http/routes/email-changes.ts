import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  applyEmailChange,
  emailTakenByOther,
  expireOpenEmailChanges,
  insertEmailChange,
  openEmailChange,
} from "../../db/account/email-changes.js";
import { recordAudit } from "../../db/audit.js";
import { newSecretToken } from "../../db/invitations.js";
import type { DB } from "../../db/schema.js";
import {
  EMAIL_CHANGE_TTL_HOURS,
  emailChangeConfirmMail,
  emailChangeInUseMail,
  emailChangeNoticeMail,
} from "../../mail/messages.js";
import { queueMail } from "../../mail/outbox.js";
import type { AppContext } from "../context.js";
import { languageOf, recipientLanguage } from "../problem.js";
import { actorOf, EMAIL_TAKEN, TOKEN_MAX } from "./account-common.js";
import { type Principal } from "../../core/abilities.js";
import { Problem, unprocessable } from "../../core/problem.js";

// A new sign-in e-mail, confirmed from its mailbox (issue 18, findings 2 and 5)

/**
 * Records a requested change of the sign-in e-mail and sends its mails, inside the caller's
 * transaction: the link to the new address (or, when that address is another account's, a
 * notice without a link, so the caller's answer is the same either way), and a notice to the
 * old address. A newer request ends the older links.
 */
export async function requestEmailChange(
  tx: Kysely<DB>,
  { config }: AppContext,
  request: FastifyRequest,
  p: Principal,
  newEmail: { address: string; free: boolean },
) {
  const now = new Date();
  await expireOpenEmailChanges(tx, p.userId, now);
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  const change = await insertEmailChange(tx, {
    userId: p.userId,
    newEmail: newEmail.address,
    tokenHash: hash,
    expiresAt,
    createdAt: now,
  });
  const lang = languageOf(request);
  const brand = { brandName: config.brandName, supportEmail: config.supportEmail };
  await queueMail(
    tx,
    newEmail.free
      ? emailChangeConfirmMail(lang, {
          to: newEmail.address,
          link: `${config.publicUrl}/confirm-email/${token}`,
          brandName: config.brandName,
        })
      : emailChangeInUseMail(lang, { to: newEmail.address, ...brand }),
  );
  await queueMail(
    tx,
    emailChangeNoticeMail(lang, "requested", { to: p.email, newEmail: newEmail.address, ...brand }),
  );
  await recordAudit(tx, {
    actor: actorOf(p),
    companyId: p.companyId,
    entityType: "customer",
    entityId: p.userId,
    action: "email.change_requested",
    after: { changeId: change.id, newEmail: newEmail.address, expiresAt: expiresAt.toISOString() },
  });
}

export function registerEmailConfirmation(app: FastifyInstance, { db, config }: AppContext) {
  const invalidLink = () => new Problem(404, "/problems/not-found", "emailChange.invalidLink");

  /** The change of `token` if it still works; `lock` locks it for the caller's transaction. */
  const openChange = async (tx: Kysely<DB>, token: string, now: Date, lock: boolean) => {
    if (token.length === 0 || token.length > TOKEN_MAX) return undefined;
    return openEmailChange(tx, token, now, lock);
  };
  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

  /** The landing page's check of its link (anonymous): the address it confirms. */
  app.get("/api/v2/shop/email-changes/:token", async (request) => {
    const found = await openChange(db, tokenOf(request), new Date(), false);
    if (!found) throw invalidLink();
    return { newEmail: found.new_email, expiresAt: new Date(found.expires_at).toISOString() };
  });

  /**
   * Confirms a new sign-in e-mail. The link is the proof that the person reads the new
   * mailbox (the password was asked when the change was requested), so it needs no session:
   * it may be opened on another device. Single use (the row is locked), and an address taken
   * in the meantime is refused, which its own mailbox may learn.
   */
  app.patch("/api/v2/shop/email-changes/:token", async (request) => {
    const now = new Date();
    const email = await db.transaction().execute(async (tx) => {
      const found = await openChange(tx, tokenOf(request), now, true);
      if (!found) throw invalidLink();
      if (await emailTakenByOther(tx, found.new_email, found.userId))
        throw unprocessable([{ propertyPath: "email", message: EMAIL_TAKEN }]);
      await applyEmailChange(
        tx,
        { id: found.id, userId: found.userId, newEmail: found.new_email },
        now,
      );
      await queueMail(
        tx,
        // The person's own language, not the language of the browser that opened the link.
        emailChangeNoticeMail(recipientLanguage(found.localeCode, request), "changed", {
          to: found.email,
          newEmail: found.new_email,
          brandName: config.brandName,
          supportEmail: config.supportEmail,
        }),
      );
      await recordAudit(tx, {
        actor: { type: "user", id: found.userId },
        companyId: found.companyId,
        entityType: "customer",
        entityId: found.userId,
        action: "email.change_confirmed",
        before: { email: found.email },
        after: { email: found.new_email, changeId: found.id },
      });
      return found.new_email;
    });
    return { email };
  });
}
