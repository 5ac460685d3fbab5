import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely, Transaction } from "kysely";
import {
  billingCountryOf,
  emailHolder,
  lockCompanyDetails,
  lockPersonalDetails,
  passwordHashOf,
  setPasswordHash,
  updateCompanyDetails,
  updatePersonalDetails,
} from "../../db/account/customer.js";
import { isUniqueViolation } from "../../db/account/errors.js";
import { recordAudit } from "../../db/audit.js";
import type { DB } from "../../db/schema.js";
import {
  canEditCompanyData,
  COMPANY_FIELDS,
  COMPANY_NAME_MAX,
  customerUpdateScope,
  EMAIL_MAX,
  JOB_TITLE_MAX,
  NAME_MAX,
  NAME_MIN,
  PERSONAL_FIELDS,
  PHONE_MAX,
  TAX_NUMBER_MAX,
} from "../../../rules/customer-profile.js";
import { PASSWORD_MAX, passwordViolations } from "../../domain/password.js";
import { SHOP_AUDIENCE, signToken, setSessionCookie } from "../auth.js";
import type { AppContext } from "../context.js";
import { customerResource } from "../customer-resource.js";
import { BodyReader } from "../validate.js";
import { actorOf, clearable, EMAIL_TAKEN, ownCustomer, readSecret } from "./account-common.js";
import { requestEmailChange } from "./email-changes.js";
import { hashPassword, verifyPassword } from "../../core/password-hash.js";
import { requireAbility, type Principal } from "../../core/abilities.js";
import { forbidden, unprocessable } from "../../core/problem.js";
import { phoneValid, vatProblem } from "../../../rules/address.js";

// My information (spec 2, 5 "Personal details", 7) and the password change

export function registerMyInformation(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  app.put("/api/v2/shop/customers/:id", async (request) => {
    const p = ownCustomer(request);
    requireAbility(p, "account.myInformation");
    const r = new BodyReader(request.body, [
      ...PERSONAL_FIELDS,
      ...COMPANY_FIELDS,
      "currentPassword",
    ]);
    const scope = customerUpdateScope(
      Object.keys(request.body && typeof request.body === "object" ? request.body : {}),
    );
    if (scope.company && !canEditCompanyData(p.roles)) throw forbidden();

    const { personal, newEmail } = scope.personal
      ? await readPersonalChange(db, request, r, p)
      : { personal: undefined, newEmail: undefined };
    const company = scope.company
      ? readCompanyChange(r, r.has("taxNumber") ? await billingCountryOf(db, p.companyId) : null)
      : undefined;
    r.done();

    try {
      await db.transaction().execute(async (tx) => {
        if (personal) await savePersonalDetails(tx, p, personal, newEmail !== undefined);
        if (newEmail) await requestEmailChange(tx, ctx, request, p, newEmail);
        if (company) await saveCompanyDetails(tx, p, company);
      });
    } catch (error) {
      // Two people claiming the same e-mail at once: the unique index decides.
      if (isUniqueViolation(error))
        throw unprocessable([{ propertyPath: "email", message: EMAIL_TAKEN }]);
      throw error;
    }
    return {
      ...(await customerResource(db, p.userId)),
      pendingEmail: newEmail?.address ?? null,
    };
  });

  /**
   * The password change is part of My information (account spec 2), which the spec's table
   * (spec 6) gives to ADMIN and COMMERCIAL only; a MARKETING user resets a forgotten password
   * through the public password reset instead.
   */
  app.put("/api/v2/shop/customers/:id/password", async (request, reply) => {
    const p = ownCustomer(request);
    requireAbility(p, "account.myInformation");
    const r = new BodyReader(request.body, [
      "currentPassword",
      "newPassword",
      "confirmNewPassword",
    ]);
    const v = r.violations;
    const current = readSecret(r, "currentPassword", v);
    if (current !== undefined && current.length > PASSWORD_MAX * 4) {
      // Not a stored password; refused before hashing megabytes.
      v.push({ propertyPath: "currentPassword", message: "password.currentWrong" });
    }
    const next = r.raw("newPassword");
    if (next !== undefined && next !== null && typeof next !== "string") {
      v.push({ propertyPath: "newPassword", message: "field.type", params: { type: "string" } });
    } else {
      v.push(...passwordViolations(next, p.email, "newPassword"));
    }
    const confirm = readSecret(r, "confirmNewPassword", v);
    if (typeof next === "string" && confirm !== undefined && confirm !== next)
      v.push({ propertyPath: "confirmNewPassword", message: "password.mismatch" });

    let version = 0;
    await db.transaction().execute(async (tx) => {
      const storedHash = await passwordHashOf(tx, p.userId, true);
      if (current !== undefined && !v.some((x) => x.propertyPath === "currentPassword")) {
        if (!(await verifyPassword(current, storedHash))) {
          request.currentPasswordWrong = true;
          v.unshift({ propertyPath: "currentPassword", message: "password.currentWrong" });
        }
      }
      r.done();
      // Every token issued before stops working; the caller gets a fresh one below.
      const hash = await hashPassword(next as string);
      version = await setPasswordHash(tx, p.userId, hash);
      // The fact only: neither password nor hash belongs in the audit trail.
      await recordAudit(tx, {
        actor: actorOf(p),
        companyId: p.companyId,
        entityType: "customer",
        entityId: p.userId,
        action: "password.change",
      });
    });
    // The sessions signed in with the old password end; this one continues with a new token.
    const token = await signToken(ctx.config.jwtSecret, p.userId, SHOP_AUDIENCE, version);
    setSessionCookie(request, reply, ctx.config, token);
    return { token };
  });
}

interface PersonalChange {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null | undefined;
  jobTitle: string | null | undefined;
}

interface CompanyChange {
  name: string | undefined;
  taxNumber: string | null | undefined;
  poNumberRequired: boolean | undefined;
}

/**
 * The personal details of a "My information" change, violations added to `r`. A new address
 * (not only its case) waits for its confirmation and needs the current password (issue 18,
 * finding 2); only a colleague's address is refused outright, an address of another company
 * is answered like a free one (finding 5).
 */
async function readPersonalChange(
  db: Kysely<DB>,
  request: FastifyRequest,
  r: BodyReader,
  p: Principal,
): Promise<{
  personal: PersonalChange | undefined;
  newEmail: { address: string; free: boolean } | undefined;
}> {
  let newEmail: { address: string; free: boolean } | undefined;
  const name = { required: true, min: NAME_MIN, max: NAME_MAX };
  const firstName = r.string("firstName", name);
  const lastName = r.string("lastName", name);
  const email = r.string("email", { required: true, email: true, max: EMAIL_MAX });
  const phoneNumber = clearable(r, "phoneNumber", PHONE_MAX);
  // Digits only, with +, spaces and brackets (issue 30, rules/address.ts).
  if (phoneNumber && !phoneValid(phoneNumber))
    r.add({ propertyPath: "phoneNumber", message: "address.phoneInvalid" });
  const jobTitle = clearable(r, "jobTitle", JOB_TITLE_MAX);
  const emailOk = email && !r.violations.some((v) => v.propertyPath === "email");
  if (emailOk && email.toLowerCase() !== p.email.toLowerCase()) {
    const current = readSecret(r, "currentPassword", r.violations);
    if (current !== undefined) {
      const storedHash = await passwordHashOf(db, p.userId);
      const right =
        current.length <= PASSWORD_MAX * 4 && (await verifyPassword(current, storedHash));
      if (!right) {
        request.currentPasswordWrong = true;
        r.add({ propertyPath: "currentPassword", message: "password.currentWrong" });
      }
    }
    request.emailLookedUp = true;
    const holder = await emailHolder(db, email, p.companyId, p.userId);
    if (holder === "ownCompany") r.add({ propertyPath: "email", message: EMAIL_TAKEN });
    newEmail = { address: email, free: holder === "free" };
  }
  const personal =
    firstName && lastName && email
      ? { email, firstName, lastName, phoneNumber, jobTitle }
      : undefined;
  return { personal, newEmail };
}

/**
 * The company details of a "My information" change (ADMIN only), violations added to `r`. The
 * tax number fits the VAT number format of `country`, the registered address's (issue 30);
 * without a known format or address, it must be plausible (rules/address.ts).
 */
function readCompanyChange(r: BodyReader, country: string | null): CompanyChange {
  const name = r.has("companyName")
    ? r.string("companyName", { required: true, min: NAME_MIN, max: COMPANY_NAME_MAX })
    : undefined;
  // Whether checkout requires a purchase-order number (issue 21): ADMIN only, like the rest.
  const poRequired = r.raw("poNumberRequired");
  if (poRequired !== undefined && typeof poRequired !== "boolean")
    r.add({
      propertyPath: "poNumberRequired",
      message: "field.type",
      params: { type: "boolean" },
    });
  const taxNumber = clearable(r, "taxNumber", TAX_NUMBER_MAX);
  const vatWrong = taxNumber ? vatProblem(country ?? "", taxNumber) : null;
  if (vatWrong) r.add({ propertyPath: "taxNumber", ...vatWrong });
  return {
    name,
    taxNumber,
    poNumberRequired: typeof poRequired === "boolean" ? poRequired : undefined,
  };
}

/** Writes and records the personal details; a new e-mail waits for its confirmation. */
async function savePersonalDetails(
  tx: Transaction<DB>,
  p: Principal,
  personal: PersonalChange,
  emailPending: boolean,
) {
  const before = await lockPersonalDetails(tx, p.userId);
  const after = {
    // A new address waits for its confirmation; a change of case is the same mailbox.
    email: emailPending ? before.email : personal.email,
    first_name: personal.firstName,
    last_name: personal.lastName,
    phone_number: personal.phoneNumber === undefined ? before.phone_number : personal.phoneNumber,
    job_title: personal.jobTitle === undefined ? before.job_title : personal.jobTitle,
  };
  await updatePersonalDetails(tx, p.userId, after);
  await recordAudit(tx, {
    actor: actorOf(p),
    companyId: p.companyId,
    entityType: "customer",
    entityId: p.userId,
    action: "update",
    before,
    after,
  });
}

/** Writes and records the company details. */
async function saveCompanyDetails(tx: Transaction<DB>, p: Principal, company: CompanyChange) {
  const before = await lockCompanyDetails(tx, p.companyId);
  const after = {
    name: company.name ?? before.name,
    tax_number: company.taxNumber === undefined ? before.tax_number : company.taxNumber,
    po_number_required: company.poNumberRequired ?? before.po_number_required,
  };
  await updateCompanyDetails(tx, p.companyId, after);
  await recordAudit(tx, {
    actor: actorOf(p),
    companyId: p.companyId,
    entityType: "company",
    entityId: p.companyId,
    action: "update",
    before,
    after,
  });
}
