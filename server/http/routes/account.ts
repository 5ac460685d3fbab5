import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  companyAddress,
  companyDefaults,
  deleteAddress,
  insertAddress,
  lockCompanyDefaults,
  setDefaultShipping,
  updateAddress,
} from "../../db/account/addresses.js";
import {
  emailHolder,
  lockCompanyDetails,
  lockPersonalDetails,
  passwordHashOf,
  setPasswordHash,
  updateCompanyDetails,
  updatePersonalDetails,
} from "../../db/account/customer.js";
import {
  applyEmailChange,
  emailTakenByOther,
  expireOpenEmailChanges,
  insertEmailChange,
  openEmailChange,
} from "../../db/account/email-changes.js";
import { isUniqueViolation } from "../../db/account/errors.js";
import {
  findMember,
  lockActorAndTarget,
  memberPage,
  removeShopUser,
  setRoles,
  shopUserById,
} from "../../db/account/team.js";
import {
  approvedApplicationOf,
  completeRegistration,
  invitationOfToken,
  lockInvitation,
  lockInvitee,
} from "../../db/account/team-registration.js";
import { recordAudit, type Actor } from "../../db/audit.js";
import { createInvitation, newSecretToken } from "../../db/invitations.js";
import type { AddressRow, AddressSnapshot, DB, ShopUserRow } from "../../db/schema.js";
import { addressChangeViolation, shippingSwitch } from "../../domain/address-book.js";
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
} from "../../domain/customer-profile.js";
import { PASSWORD_MAX, passwordViolations } from "../../domain/password.js";
import { can } from "../../domain/permissions.js";
import { memberStatus, readRoles } from "../../domain/team.js";
import type { Violation } from "../../domain/violations.js";
import {
  EMAIL_CHANGE_TTL_HOURS,
  emailChangeConfirmMail,
  emailChangeInUseMail,
  emailChangeNoticeMail,
} from "../../mail/messages.js";
import { queueMail } from "../../mail/outbox.js";
import {
  hashPassword,
  requireAbility,
  requirePrincipal,
  SHOP_AUDIENCE,
  signToken,
  setSessionCookie,
  verifyPassword,
  type Principal,
} from "../auth.js";
import type { AppContext } from "../context.js";
import { customerResource } from "../customer-resource.js";
import { collection, idFromReference, iri, numericId } from "../iri.js";
import { forbidden, languageOf, notFound, Problem, unprocessable } from "../problem.js";
import { addressResource } from "./customers.js";
import { BodyReader, paging, readAddress } from "../validate.js";

/** Invitation tokens are 22 characters; anything much longer is not one. */
const TOKEN_MAX = 200;

const actorOf = (p: Principal): Actor => ({ type: "user", id: p.userId });

/** The locale key of the 422 when the e-mail belongs to a shop user already (any company). */
const EMAIL_TAKEN = "account.emailTaken";

/**
 * The account area's calls (account spec 2-8): the address book, "My information" with the
 * password change, the company users of an ADMIN and the team-member registration.
 */
export async function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerAddressBook(app, ctx);
  registerMyInformation(app, ctx);
  registerTeam(app, ctx);
  registerTeamRegistration(app, ctx);
  registerEmailConfirmation(app, ctx);
}

/**
 * The caller's own customer id from the path, else 404: a colleague's or another company's
 * customer record is not the caller's to read or change, and 404 tells nothing about it.
 */
function ownCustomer(request: FastifyRequest): Principal {
  const principal = requirePrincipal(request);
  const { id } = request.params as { id: string };
  if (numericId(id) !== principal.userId) throw notFound();
  return principal;
}

/** A password field as sent: never trimmed (spaces are part of a pass phrase). */
function readSecret(r: BodyReader, key: string, violations: Violation[]): string | undefined {
  const value = r.raw(key);
  if (value === undefined || value === null || value === "") {
    violations.push({ propertyPath: key, message: "field.required" });
    return undefined;
  }
  if (typeof value !== "string") {
    violations.push({ propertyPath: key, message: "field.type", params: { type: "string" } });
    return undefined;
  }
  return value;
}

/** A string the caller may clear: absent is undefined (unchanged), null or "" is null. */
function clearable(r: BodyReader, key: string, max: number): string | null | undefined {
  if (!r.has(key)) return undefined;
  return r.string(key, { max }) ?? null;
}

/** The neutral refusal of an invitation whose address belongs to another company's user. */
const EMAIL_UNAVAILABLE = "account.emailUnavailable";

// ---------------------------------------------------------------------------------------------
// Address book (spec 2 "Address book", 4 "Default shipping address", 6)

function registerAddressBook(app: FastifyInstance, { db }: AppContext) {
  /** Address fields plus the default shipping switch, or the 422 of everything wrong. */
  const readAddressBody = async (
    body: unknown,
  ): Promise<{ address: AddressSnapshot; isShipping: boolean | undefined }> => {
    const { address, violations } = await readAddress(db, body, "", ["isShipping"]);
    const raw =
      typeof body === "object" && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>).isShipping
        : undefined;
    if (raw !== undefined && raw !== null && typeof raw !== "boolean") {
      violations.push({
        propertyPath: "isShipping",
        message: "field.type",
        params: { type: "boolean" },
      });
    }
    if (violations.length > 0 || !address) throw unprocessable(violations);
    return { address, isShipping: typeof raw === "boolean" ? raw : undefined };
  };

  const findAddress = (tx: Kysely<DB>, id: number, companyId: number) =>
    companyAddress(tx, companyId, id);
  const defaultsOf = (companyId: number) => companyDefaults(db, companyId);

  /** A refused change of a default address: 422, with the rule as the detail. */
  const lockedAddress = (key: string) =>
    unprocessable([{ propertyPath: "", message: key }], "/problems/default-address");

  /** The snapshot an audit line keeps of an address (no defaults: those are the company's). */
  const auditView = (a: AddressRow) => {
    const {
      isBilling: _b,
      isShipping: _s,
      ...rest
    } = addressResource(a, {
      default_billing_address_id: null,
      default_shipping_address_id: null,
    });
    return rest;
  };

  app.post("/api/v2/shop/addresses", async (request, reply) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.addressBook");
    const { address, isShipping } = await readAddressBody(request.body);
    const created = await db.transaction().execute(async (tx) => {
      let defaults = await lockCompanyDefaults(tx, p.companyId);
      const row = await insertAddress(tx, p.companyId, address);
      await recordAudit(tx, {
        actor: actorOf(p),
        companyId: p.companyId,
        entityType: "address",
        entityId: row.id,
        action: "create",
        after: auditView(row),
      });
      // A new address cannot be the current default, so the switch never refuses here.
      if (shippingSwitch(row.id, isShipping, defaults) === "set")
        defaults = await setDefaultShipping(tx, actorOf(p), p.companyId, defaults, row.id);
      return addressResource(row, defaults);
    });
    return reply.code(201).header("location", created["@id"]).send(created);
  });

  app.put("/api/v2/shop/addresses/:id", async (request) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.addressBook");
    const id = numericId((request.params as { id: string }).id);
    if (id === undefined) throw notFound();
    // Existence and the billing rule first: for the billing address the rule is the answer,
    // whatever the fields say. Both are checked again under the lock below.
    if (!(await findAddress(db, id, p.companyId))) throw notFound();
    const early = addressChangeViolation("edit", id, await defaultsOf(p.companyId));
    if (early) throw lockedAddress(early);
    const { address, isShipping } = await readAddressBody(request.body);
    return db.transaction().execute(async (tx) => {
      let defaults = await lockCompanyDefaults(tx, p.companyId);
      const before = await findAddress(tx, id, p.companyId);
      if (!before) throw notFound();
      const rule = addressChangeViolation("edit", id, defaults);
      if (rule) throw lockedAddress(rule);
      const toggle = shippingSwitch(id, isShipping, defaults);
      if (toggle === "refuse") {
        throw unprocessable([
          { propertyPath: "isShipping", message: "address.defaultShippingRequired" },
        ]);
      }
      const row = await updateAddress(tx, id, address);
      await recordAudit(tx, {
        actor: actorOf(p),
        companyId: p.companyId,
        entityType: "address",
        entityId: id,
        action: "update",
        before: auditView(before),
        after: auditView(row),
      });
      if (toggle === "set")
        defaults = await setDefaultShipping(tx, actorOf(p), p.companyId, defaults, id);
      return addressResource(row, defaults);
    });
  });

  app.delete("/api/v2/shop/addresses/:id", async (request, reply) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.addressBook");
    const id = numericId((request.params as { id: string }).id);
    if (id === undefined) throw notFound();
    await db.transaction().execute(async (tx) => {
      const defaults = await lockCompanyDefaults(tx, p.companyId);
      const before = await findAddress(tx, id, p.companyId);
      if (!before) throw notFound();
      const rule = addressChangeViolation("remove", id, defaults);
      if (rule) throw lockedAddress(rule);
      // Orders keep address snapshots, not references, so history is unaffected.
      await deleteAddress(tx, id);
      await recordAudit(tx, {
        actor: actorOf(p),
        companyId: p.companyId,
        entityType: "address",
        entityId: id,
        action: "delete",
        before: auditView(before),
      });
    });
    return reply.code(204).send();
  });

  app.patch("/api/v2/shop/customers/:id/default-shipping-address", async (request) => {
    const p = ownCustomer(request);
    requireAbility(p, "account.addressBook");
    const r = new BodyReader(request.body, ["defaultShippingAddress"]);
    const raw = r.raw("defaultShippingAddress");
    let addressId: number | undefined;
    if (raw === undefined || raw === null || raw === "") {
      r.add({ propertyPath: "defaultShippingAddress", message: "field.required" });
    } else if (typeof raw !== "string") {
      r.add({
        propertyPath: "defaultShippingAddress",
        message: "field.type",
        params: { type: "string" },
      });
    } else {
      addressId = numericId(idFromReference(raw, "addresses"));
      if (addressId === undefined)
        r.add({ propertyPath: "defaultShippingAddress", message: "address.unknown" });
    }
    r.done();
    await db.transaction().execute(async (tx) => {
      const defaults = await lockCompanyDefaults(tx, p.companyId);
      // Another company's address is "not in your address book": the same answer as none.
      if (!(await findAddress(tx, addressId!, p.companyId)))
        throw unprocessable([
          { propertyPath: "defaultShippingAddress", message: "address.unknown" },
        ]);
      if (defaults.default_shipping_address_id !== addressId)
        await setDefaultShipping(tx, actorOf(p), p.companyId, defaults, addressId!);
    });
    return customerResource(db, p.userId);
  });
}

// ---------------------------------------------------------------------------------------------
// My information (spec 2, 5 "Personal details", 7) and the password change

function registerMyInformation(app: FastifyInstance, ctx: AppContext) {
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

    let newEmail: { address: string; free: boolean } | undefined;
    let personal:
      | {
          email: string;
          firstName: string;
          lastName: string;
          phoneNumber: string | null | undefined;
          jobTitle: string | null | undefined;
        }
      | undefined;
    if (scope.personal) {
      const name = { required: true, min: NAME_MIN, max: NAME_MAX };
      const firstName = r.string("firstName", name);
      const lastName = r.string("lastName", name);
      const email = r.string("email", { required: true, email: true, max: EMAIL_MAX });
      const phoneNumber = clearable(r, "phoneNumber", PHONE_MAX);
      const jobTitle = clearable(r, "jobTitle", JOB_TITLE_MAX);
      const emailOk = email && !r.violations.some((v) => v.propertyPath === "email");
      // A new address (not only its case) waits for its confirmation and needs the current
      // password (issue 18, finding 2); only a colleague's address is refused outright, an
      // address of another company is answered like a free one (finding 5).
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
      if (firstName && lastName && email)
        personal = { email, firstName, lastName, phoneNumber, jobTitle };
    }
    let company:
      | {
          name: string | undefined;
          taxNumber: string | null | undefined;
          poNumberRequired: boolean | undefined;
        }
      | undefined;
    if (scope.company) {
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
      company = {
        name,
        taxNumber: clearable(r, "taxNumber", TAX_NUMBER_MAX),
        poNumberRequired: typeof poRequired === "boolean" ? poRequired : undefined,
      };
    }
    r.done();

    try {
      await db.transaction().execute(async (tx) => {
        if (personal) {
          const before = await lockPersonalDetails(tx, p.userId);
          const after = {
            // A new address waits for its confirmation; a change of case is the same mailbox.
            email: newEmail ? before.email : personal.email,
            first_name: personal.firstName,
            last_name: personal.lastName,
            phone_number:
              personal.phoneNumber === undefined ? before.phone_number : personal.phoneNumber,
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
        if (newEmail) await requestEmailChange(tx, ctx, request, p, newEmail);
        if (company) {
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

// ---------------------------------------------------------------------------------------------
// Company users (spec 2 "Company users", 3, 6): ADMIN only

function shopUserResource(u: ShopUserRow) {
  return {
    "@id": iri.shopUser(u.id),
    "@type": "ShopUser",
    id: u.id,
    userIdentifier: u.email,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    roles: u.roles,
    enabled: u.enabled,
    status: memberStatus(u.first_name),
  };
}

/** The audit trail's view of a user: who and what rights, never secrets. */
const auditUser = (u: ShopUserRow) => ({
  email: u.email,
  roles: u.roles,
  status: memberStatus(u.first_name),
});

/**
 * Nobody edits or removes their own row (spec 6). 403 rather than 422: the request is well
 * formed, it is the actor who may not do it to this row. The rule also keeps a company from
 * ending up without an admin, since the last admin cannot demote or remove themselves.
 */
const ownRow = () => new Problem(403, "/problems/own-user", "team.ownRow");

function registerTeam(app: FastifyInstance, { db, config }: AppContext) {
  const teamMember = (request: FastifyRequest) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.team");
    const id = numericId((request.params as { id?: string }).id);
    return { p, id };
  };

  app.get("/api/v2/shop/shop-users", async (request) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.team");
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>);
    const { rows, total } = await memberPage(db, p.companyId, {
      limit: itemsPerPage,
      offset: (page - 1) * itemsPerPage,
    });
    return collection(rows.map(shopUserResource), total);
  });

  app.get("/api/v2/shop/shop-users/:id", async (request) => {
    const { p, id } = teamMember(request);
    if (id === undefined) throw notFound();
    const row = await findMember(db, p.companyId, id);
    if (!row) throw notFound();
    return shopUserResource(row);
  });

  app.post("/api/v2/shop/shop-users", async (request, reply) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.team");
    const r = new BodyReader(request.body, ["email", "roles"]);
    const email = r.string("email", { required: true, email: true, max: EMAIL_MAX });
    const { roles, violations } = readRoles(r.raw("roles"));
    violations.forEach((v) => r.add(v));
    const emailOk = email && !r.violations.some((v) => v.propertyPath === "email");
    if (emailOk) {
      // Whether an address has an account is told only inside the caller's company; elsewhere
      // the answer is neutral, and every look-up counts on the caller's limit (finding 5).
      request.emailLookedUp = true;
      const holder = await emailHolder(db, email, p.companyId);
      if (holder !== "free")
        r.add({
          propertyPath: "email",
          message: holder === "ownCompany" ? EMAIL_TAKEN : EMAIL_UNAVAILABLE,
        });
    }
    r.done();
    try {
      const user = await db.transaction().execute(async (tx) => {
        const { userId } = await createInvitation(tx, {
          companyId: p.companyId,
          email: email!,
          roles,
          publicUrl: config.publicUrl,
          brandName: config.brandName,
        });
        const row = await shopUserById(tx, userId);
        await recordAudit(tx, {
          actor: actorOf(p),
          companyId: p.companyId,
          entityType: "shop_user",
          entityId: userId,
          action: "invite",
          after: auditUser(row),
        });
        return row;
      });
      const resource = shopUserResource(user);
      return reply.code(201).header("location", resource["@id"]).send(resource);
    } catch (error) {
      // The same e-mail invited twice at once: the unique index decides, the loser hears why
      // (in the same words as above: a colleague's address, or a neutral refusal).
      if (isUniqueViolation(error)) {
        const holder = await emailHolder(db, email!, p.companyId);
        throw unprocessable([
          {
            propertyPath: "email",
            message: holder === "elsewhere" ? EMAIL_UNAVAILABLE : EMAIL_TAKEN,
          },
        ]);
      }
      throw error;
    }
  });

  /**
   * Runs a change of another company user under the locks of `lockActorAndTarget`: the target
   * must be an active user of the caller's company (else 404), and the caller must still be an
   * active admin when the locks are held (else 403).
   */
  const changeMember = async <T>(
    p: Principal,
    id: number,
    change: (tx: Parameters<typeof lockActorAndTarget>[0], target: ShopUserRow) => Promise<T>,
  ) =>
    db.transaction().execute(async (tx) => {
      const { actor, target } = await lockActorAndTarget(tx, p.userId, id);
      if (!target || target.company_id !== p.companyId || !target.enabled) throw notFound();
      if (!actor?.enabled || !can(actor.roles, "account.team")) throw forbidden();
      return change(tx, target);
    });

  app.put("/api/v2/shop/shop-users/:id", async (request) => {
    const { p, id } = teamMember(request);
    if (id === undefined) throw notFound();
    if (id === p.userId) throw ownRow();
    const r = new BodyReader(request.body, ["roles"]);
    const { roles, violations } = readRoles(r.raw("roles"));
    violations.forEach((v) => r.add(v));
    r.done();
    return changeMember(p, id, async (tx, target) => {
      const row = await setRoles(tx, id, roles);
      await recordAudit(tx, {
        actor: actorOf(p),
        companyId: p.companyId,
        entityType: "shop_user",
        entityId: id,
        action: "roles.change",
        before: auditUser(target),
        after: auditUser(row),
      });
      return shopUserResource(row);
    });
  });

  /**
   * Removal deletes a user who owns nothing the company keeps, and disables one with placed
   * orders or saved lists, so that order history and shared lists keep their author (see
   * `removalMode`). Either way the user leaves the list and their token stops working on the
   * next request.
   */
  app.delete("/api/v2/shop/shop-users/:id", async (request, reply) => {
    const { p, id } = teamMember(request);
    if (id === undefined) throw notFound();
    if (id === p.userId) throw ownRow();
    await changeMember(p, id, async (tx, target) => {
      const mode = await removeShopUser(tx, id);
      await recordAudit(tx, {
        actor: actorOf(p),
        companyId: p.companyId,
        entityType: "shop_user",
        entityId: id,
        action: "remove",
        before: auditUser(target),
        after: { removal: mode === "delete" ? "deleted" : "disabled" },
      });
    });
    return reply.code(204).send();
  });
}

// ---------------------------------------------------------------------------------------------
// Team-member registration (spec 2, 5, 7): the invitee sets a name and a password

function registerTeamRegistration(app: FastifyInstance, { db }: AppContext) {
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
      );
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

// ---------------------------------------------------------------------------------------------
// A new sign-in e-mail, confirmed from its mailbox (issue 18, findings 2 and 5)

/**
 * Records a requested change of the sign-in e-mail and sends its mails, inside the caller's
 * transaction: the link to the new address (or, when that address is another account's, a
 * notice without a link, so the caller's answer is the same either way), and a notice to the
 * old address. A newer request ends the older links.
 */
async function requestEmailChange(
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

function registerEmailConfirmation(app: FastifyInstance, { db, config }: AppContext) {
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
    const lang = languageOf(request);
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
        emailChangeNoticeMail(lang, "changed", {
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
