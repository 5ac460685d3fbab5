import type { FastifyInstance } from "fastify";
import {
  approvedApplicationOf,
  completeRegistration,
  invitationOfToken,
  lockInvitation,
  lockInvitee,
} from "../../db/account/team-registration.js";
import { registeredElsewhere } from "../../db/account/customer.js";
import { isUniqueViolation } from "../../db/account/errors.js";
import { recordAudit } from "../../db/audit.js";
import type { ShopUserRow } from "../../db/schema.js";
import { NAME_MAX, NAME_MIN } from "../../../rules/customer-profile.js";
import { passwordViolations } from "../../domain/password.js";
import type { AppContext } from "../context.js";
import { BodyReader } from "../validate.js";
import {
  auditUser,
  EMAIL_HAS_ACCOUNT,
  INVITATION_EMAIL_HAS_ACCOUNT,
  readSecret,
  shopUserResource,
  TOKEN_MAX,
} from "./account-common.js";
import { hashPassword } from "../../core/password-hash.js";
import { Problem, unprocessable } from "../../core/problem.js";

// Team-member registration (spec 2, 5, 7): the invitee sets a name and a password

export function registerTeamRegistration(app: FastifyInstance, { db }: AppContext) {
  /**
   * The registration page's check of its link (anonymous, like the password reset's check):
   * who is invited and into which company, for a link that still works. Unknown, used and
   * expired links, and those of a removed invitee or a disabled company, get one and the same
   * 404, so the answer tells nothing about a link that does not work.
   */
  app.get("/api/v2/team-members/invitations/:token", async (request) => {
    const { token } = request.params as { token: string };
    const found =
      token.length > 0 && token.length <= TOKEN_MAX
        ? await invitationOfToken(db, token)
        : undefined;
    const expiresAt = new Date(found?.expires_at ?? 0);
    if (!found || found.used_at !== null || expiresAt.getTime() <= Date.now())
      throw new Problem(404, "/problems/not-found", "invitation.invalid");
    // The address has an account in another company (it was invited like a free one, finding
    // 5): the link cannot be used, and its reader, who holds that mailbox, is told why.
    if (await registeredElsewhere(db, found.email, found.company_id))
      throw new Problem(404, INVITATION_EMAIL_HAS_ACCOUNT, EMAIL_HAS_ACCOUNT);
    // The contact of an approved application registers through the company's first
    // invitation: the names they gave in the application are known (issue 17), the page
    // prefills them. A colleague's invitation knows no name.
    const application = await approvedApplicationOf(db, found.company_id, found.email);
    const contact = application ? applicationContact(application.payload) : undefined;
    return {
      email: found.email,
      companyName: found.company_name,
      expiresAt: expiresAt.toISOString(),
      approvedApplication: application !== undefined,
      firstName: contact?.firstName ?? null,
      lastName: contact?.lastName ?? null,
    };
  });

  /**
   * An unknown, used or expired token gets one and the same 422 on `token`: the caller learns
   * only that this link does not work, never whether it once did. The invitation row is locked
   * before it is checked, so of two registrations with one link exactly one succeeds.
   */
  app.post("/api/v2/team-members/register", async (request, reply) => {
    const r = new BodyReader(request.body, [
      "firstName",
      "lastName",
      "token",
      "newPlainPassword",
      "passwordRepeat",
      "termsAccepted",
    ]);
    const v = r.violations;
    const name = { required: true, min: NAME_MIN, max: NAME_MAX };
    const firstName = r.string("firstName", name);
    const lastName = r.string("lastName", name);
    const token = r.string("token", { required: true, max: TOKEN_MAX });
    const password = r.raw("newPlainPassword");
    const passwordIsText =
      password === undefined || password === null || typeof password === "string";
    if (!passwordIsText)
      v.push({
        propertyPath: "newPlainPassword",
        message: "field.type",
        params: { type: "string" },
      });
    if (r.has("passwordRepeat")) {
      const repeat = readSecret(r, "passwordRepeat", v);
      if (repeat !== undefined && typeof password === "string" && repeat !== password)
        v.push({ propertyPath: "passwordRepeat", message: "password.mismatch" });
    }
    if (r.has("termsAccepted") && r.raw("termsAccepted") !== true)
      v.push({ propertyPath: "termsAccepted", message: "teamRegistration.termsRequired" });

    const user = await db.transaction().execute(async (tx) => {
      const invitation = token ? await lockInvitation(tx, token) : undefined;
      const invitee = invitation ? await lockInvitee(tx, invitation.shop_user_id) : undefined;
      const usable =
        invitation !== undefined &&
        invitation.used_at === null &&
        new Date(invitation.expires_at).getTime() > Date.now() &&
        invitee !== undefined &&
        invitee.enabled &&
        invitee.company_enabled &&
        invitee.password_hash === null;
      if (token && !usable) v.unshift({ propertyPath: "token", message: "invitation.invalid" });
      else if (usable && (await registeredElsewhere(tx, invitee.email, invitee.company_id)))
        v.unshift({ propertyPath: "token", message: EMAIL_HAS_ACCOUNT });
      if (passwordIsText)
        v.push(...passwordViolations(password, invitee?.email ?? "", "newPlainPassword"));
      r.done();
      const row = await completeRegistration(
        tx,
        { userId: invitee!.id, invitationId: invitation!.id },
        {
          firstName: firstName!,
          lastName: lastName!,
          passwordHash: await hashPassword(password as string),
        },
      ).catch((error: unknown) => {
        // The address registered in another company since the check: the index refuses.
        if (isUniqueViolation(error))
          throw unprocessable([{ propertyPath: "token", message: EMAIL_HAS_ACCOUNT }]);
        throw error;
      });
      await recordAudit(tx, {
        actor: { type: "user", id: row.id },
        companyId: row.company_id,
        entityType: "shop_user",
        entityId: row.id,
        action: "register",
        before: auditUser(invitee as ShopUserRow),
        after: { ...auditUser(row), firstName: row.first_name, lastName: row.last_name },
      });
      return row;
    });
    return reply.code(201).send(shopUserResource(user));
  });
}

/** The contact's names in an application's payload (`relationships.default_contact`). */
function applicationContact(payload: unknown): { firstName?: string; lastName?: string } {
  const field = (v: unknown, key: string): unknown =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? (v as Record<string, unknown>)[key]
      : undefined;
  const contact = field(field(payload, "relationships"), "default_contact");
  const text = (v: unknown) =>
    typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, NAME_MAX) : undefined;
  return { firstName: text(field(contact, "name")), lastName: text(field(contact, "surname")) };
}
