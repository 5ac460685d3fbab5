import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Language } from "../core/i18n.js";
import { invitationMail } from "../mail/messages.js";
import { queueMail, type Mail } from "../mail/outbox.js";
import type { DB } from "./schema.js";

export const INVITATION_TTL_DAYS = 7;

/** How a language is stored on a shop user (`de` → `de_DE`). */
export const USER_LOCALES: Readonly<Record<Language, string>> = {
  en: "en_US",
  fr: "fr_FR",
  de: "de_DE",
  it: "it_IT",
  es: "es_ES",
};

/** Tokens are 128 random bits; only their SHA-256 is stored, so a database leak opens nothing. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Invites someone into a company: a pending shop user (no name, no password) with the given
 * roles, a single-use invitation that expires, and the invitation mail with the registration
 * link `{publicUrl}/register/{token}`. Run it inside the caller's transaction. The e-mail must
 * not belong to any shop user yet (the caller checks and reports it).
 */
export async function createInvitation(
  db: Kysely<DB>,
  opts: {
    companyId: number;
    email: string;
    roles: string[];
    publicUrl: string;
    brandName: string;
    now?: Date;
    /**
     * The language the invitee works in (decision 053): their invitation mail is written in it
     * and it is stored as theirs until they sign in or choose another. English when not given.
     */
    language?: Language;
    /** The mail that carries the link, when it is not a colleague's invitation. */
    mail?: (link: string) => Mail;
  },
): Promise<{ userId: number; token: string; link: string }> {
  const now = opts.now ?? new Date();
  const user = await db
    .insertInto("shop_users")
    .values({
      company_id: opts.companyId,
      email: opts.email,
      roles: opts.roles,
      ...(opts.language ? { locale_code: USER_LOCALES[opts.language] } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { token, hash } = newSecretToken();
  await db
    .insertInto("invitations")
    .values({
      shop_user_id: user.id,
      token_hash: hash,
      expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    })
    .execute();
  const company = await db
    .selectFrom("companies")
    .select("name")
    .where("id", "=", opts.companyId)
    .executeTakeFirstOrThrow();
  const link = `${opts.publicUrl}/register/${token}`;
  if (opts.mail) {
    await queueMail(db, opts.mail(link));
    return { userId: user.id, token, link };
  }
  await queueMail(
    db,
    invitationMail(opts.language ?? "en", {
      to: opts.email,
      company: company.name,
      brandName: opts.brandName,
      link,
      days: INVITATION_TTL_DAYS,
    }),
  );
  return { userId: user.id, token, link };
}
