import { translate, type Language } from "../core/i18n.js";
import type { Mail } from "./outbox.js";

/**
 * The texts of the mails this area sends, in the language of the person who caused them
 * (`locales/<lng>/server-mail.json`). Plain text only: links stay visible and copyable, and
 * nothing in a name or company can turn into markup.
 */

export const RESET_TTL_MINUTES = 60;

export function passwordResetMail(
  lang: Language,
  p: { to: string; link: string; brandName: string },
): Mail {
  const params = { brand: p.brandName, email: p.to, link: p.link, minutes: RESET_TTL_MINUTES };
  return {
    kind: "password_reset",
    to: p.to,
    subject: translate(lang, "mail.passwordResetSubject", params),
    text: translate(lang, "mail.passwordResetText", params),
  };
}

export function passwordChangedMail(
  lang: Language,
  p: { to: string; brandName: string; supportEmail: string },
): Mail {
  const params = { brand: p.brandName, email: p.to, supportEmail: p.supportEmail };
  return {
    kind: "password_changed",
    to: p.to,
    subject: translate(lang, "mail.passwordChangedSubject", params),
    text: translate(lang, "mail.passwordChangedText", params),
  };
}

/**
 * Text an applicant chose, made safe to echo in a mail that goes to an address nobody has
 * confirmed: no markup characters, nothing a mail program would turn into a link (words with
 * `://`, `@`, `www` or a dot between letters, like `evil.example`), at most 60 characters.
 */
export function echoSafe(text: string): string {
  const words = text
    .replace(/[^\p{L}\p{N}\s'&.,-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w !== "" && !/^www\b|\p{L}\.\p{L}|@/iu.test(w));
  return words.join(" ").slice(0, 60).trim();
}

export function registrationReceivedMail(
  lang: Language,
  p: { to: string; name: string; company: string; brandName: string; supportEmail: string },
): Mail {
  // Anyone may apply in anyone's name: what the applicant typed carries no link or markup.
  const params = {
    brand: p.brandName,
    name: echoSafe(p.name),
    company: echoSafe(p.company),
    supportEmail: p.supportEmail,
  };
  return {
    kind: "registration_received",
    to: p.to,
    subject: translate(lang, "mail.registrationSubject", params),
    text: translate(lang, "mail.registrationText", params),
  };
}

/**
 * To the contact of an approved application, in the language they applied in: their
 * application for their company is approved, and the link to set their password (the
 * invitation link of the company's first user).
 */
export function applicationApprovedMail(
  lang: Language,
  p: {
    to: string;
    name: string;
    company: string;
    link: string;
    days: number;
    brandName: string;
    supportEmail: string;
  },
): Mail {
  const params = {
    brand: p.brandName,
    name: echoSafe(p.name),
    company: echoSafe(p.company),
    email: p.to,
    link: p.link,
    days: p.days,
    supportEmail: p.supportEmail,
  };
  return {
    kind: "application_approved",
    to: p.to,
    subject: translate(lang, "mail.applicationApprovedSubject", params),
    text: translate(lang, "mail.applicationApprovedText", params),
  };
}

/**
 * To an applicant whose application was rejected, in the language they applied in (issue 30):
 * a polite, general answer; the reviewer's reason stays with the brand.
 */
export function applicationRejectedMail(
  lang: Language,
  p: { to: string; name: string; company: string; brandName: string; supportEmail: string },
): Mail {
  const params = {
    brand: p.brandName,
    name: echoSafe(p.name),
    company: echoSafe(p.company),
    supportEmail: p.supportEmail,
  };
  return {
    kind: "partner_application_rejected",
    to: p.to,
    subject: translate(lang, "mail.applicationRejectedSubject", params),
    text: translate(lang, "mail.applicationRejectedText", params),
  };
}

/** How long the link that confirms a new sign-in e-mail works (issue 18, finding 2). */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** To the new address: the link that makes it the account's sign-in e-mail. */
export function emailChangeConfirmMail(
  lang: Language,
  p: { to: string; link: string; brandName: string },
): Mail {
  const params = { brand: p.brandName, email: p.to, link: p.link, hours: EMAIL_CHANGE_TTL_HOURS };
  return {
    kind: "email_change_confirm",
    to: p.to,
    subject: translate(lang, "mail.emailChangeConfirmSubject", params),
    text: translate(lang, "mail.emailChangeConfirmText", params),
  };
}

/**
 * To a new address that already belongs to another account: no link, and nothing about who
 * asked. The person who asked sees the same answer as for a free address (finding 5).
 */
export function emailChangeInUseMail(
  lang: Language,
  p: { to: string; brandName: string; supportEmail: string },
): Mail {
  const params = { brand: p.brandName, email: p.to, supportEmail: p.supportEmail };
  return {
    kind: "email_change_in_use",
    to: p.to,
    subject: translate(lang, "mail.emailChangeInUseSubject", params),
    text: translate(lang, "mail.emailChangeInUseText", params),
  };
}

/** To the old address, when a change is asked for and again when it is confirmed. */
export function emailChangeNoticeMail(
  lang: Language,
  stage: "requested" | "changed",
  p: { to: string; newEmail: string; brandName: string; supportEmail: string },
): Mail {
  const params = {
    brand: p.brandName,
    email: p.to,
    newEmail: p.newEmail,
    supportEmail: p.supportEmail,
  };
  const key = stage === "requested" ? "emailChangeRequested" : "emailChanged";
  return {
    kind: stage === "requested" ? "email_change_requested" : "email_changed",
    to: p.to,
    subject: translate(lang, `mail.${key}Subject`, params),
    text: translate(lang, `mail.${key}Text`, params),
  };
}

/**
 * To each ADMIN of the company (in their language): a colleague's order is over their spending
 * limit and waits for an ADMIN's decision in the account area (decision 043).
 */
export function approvalRequestedMail(
  lang: Language,
  p: { to: string; brandName: string; number: string; buyer: string; total: string; link: string },
): Mail {
  const params = {
    brand: p.brandName,
    number: p.number,
    buyer: p.buyer,
    total: p.total,
    link: p.link,
  };
  return {
    kind: "approval_requested",
    to: p.to,
    subject: translate(lang, "mail.approvalRequestedSubject", params),
    text: translate(lang, "mail.approvalRequestedText", params),
  };
}

/**
 * To the buyer (in their language): an ADMIN approved their order. An order to be paid by card
 * asks them to pay its balance now (the account's payments page); an invoice order is on its way.
 */
export function orderApprovedMail(
  lang: Language,
  p: {
    to: string;
    brandName: string;
    number: string;
    approver: string;
    link: string;
    card: boolean;
  },
): Mail {
  const params = { brand: p.brandName, number: p.number, approver: p.approver, link: p.link };
  return {
    kind: "order_approved",
    to: p.to,
    subject: translate(lang, "mail.orderApprovedSubject", params),
    text: translate(lang, p.card ? "mail.orderApprovedCardText" : "mail.orderApprovedText", params),
  };
}

/** To the buyer (in their language): an ADMIN rejected their order, with the reason given. */
export function orderRejectedMail(
  lang: Language,
  p: { to: string; brandName: string; number: string; approver: string; reason: string },
): Mail {
  const params = { brand: p.brandName, number: p.number, approver: p.approver, reason: p.reason };
  return {
    kind: "order_rejected",
    to: p.to,
    subject: translate(lang, "mail.orderRejectedSubject", params),
    text: translate(lang, "mail.orderRejectedText", params),
  };
}

/**
 * To the buyer and the company's ADMINs (each in their language): an order that awaited
 * approval was withdrawn by the brand's staff or expired unanswered (issue 32, finding B); it
 * is cancelled and its stock released.
 */
export function heldOrderEndedMail(
  lang: Language,
  p: {
    to: string;
    brandName: string;
    number: string;
    end: "withdrawn" | "expired";
    reason: string | null;
    days: number | null;
    link: string;
  },
): Mail {
  const params = {
    brand: p.brandName,
    number: p.number,
    reason: p.reason ?? "",
    days: p.days ?? 0,
    link: p.link,
  };
  const text =
    p.end === "expired"
      ? "mail.heldOrderExpiredText"
      : p.reason
        ? "mail.heldOrderWithdrawnReasonText"
        : "mail.heldOrderWithdrawnText";
  return {
    kind: `held_order_${p.end}`,
    to: p.to,
    subject: translate(
      lang,
      `mail.heldOrder${p.end === "expired" ? "Expired" : "Withdrawn"}Subject`,
      params,
    ),
    text: translate(lang, text, params),
  };
}

/**
 * To a colleague an ADMIN invited (in the language the invitee works in, decision 053): which
 * company invites them and the link to set their name and password.
 */
export function invitationMail(
  lang: Language,
  p: { to: string; company: string; brandName: string; link: string; days: number },
): Mail {
  const params = { brand: p.brandName, company: p.company, link: p.link, days: p.days };
  return {
    kind: "invitation",
    to: p.to,
    subject: translate(lang, "mail.invitationSubject", params),
    text: translate(lang, "mail.invitationText", params),
  };
}
