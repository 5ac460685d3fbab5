import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  addressColumns,
  lockCompanyDefaults,
  setDefaultShipping,
} from "../../db/account/addresses.js";
import { isUniqueViolation } from "../../db/account/errors.js";
import { lockActorAndTarget, removeShopUser } from "../../db/account/team.js";
import { recordAudit, type Actor } from "../../db/audit.js";
import { createInvitation, hashToken, newSecretToken } from "../../db/invitations.js";
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

/**
 * Who holds `email` (any case) besides `exceptUserId`: nobody, a user of `companyId`, or a user
 * of another company. Only the first two may be told to the caller (issue 18, finding 5).
 */
async function emailHolder(
  db: Kysely<DB>,
  email: string,
  companyId: number,
  exceptUserId?: number,
): Promise<"free" | "ownCompany" | "elsewhere"> {
  // Several rows may hold one address: a registered user and invitations of other companies
  // (migration 0014). The caller's own company decides first.
  let q = db
    .selectFrom("shop_users")
    .select("company_id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
  if (exceptUserId !== undefined) q = q.where("id", "!=", exceptUserId);
  const rows = await q.execute();
  if (rows.length === 0) return "free";
  return rows.some((r) => r.company_id === companyId) ? "ownCompany" : "elsewhere";
}

/**
 * Whether `email` is the sign-in e-mail of a user who registered (has a password) outside
 * `companyId`: an invitation of that address cannot be accepted (finding 5, migration 0014).
 */
async function registeredElsewhere(db: Kysely<DB>, email: string, companyId: number) {
  const row = await db
    .selectFrom("shop_users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("password_hash", "is not", null)
    .where("company_id", "!=", companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The refusal of an invitation whose address has an account in another company. */
const EMAIL_HAS_ACCOUNT = "invitation.emailHasAccount";

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
    tx
      .selectFrom("addresses")
      .selectAll()
      .where("id", "=", id)
      .where("company_id", "=", companyId)
      .executeTakeFirst();

  const defaultsOf = (companyId: number) =>
    db
      .selectFrom("companies")
      .select(["default_billing_address_id", "default_shipping_address_id"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow();

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
      const row = await tx
        .insertInto("addresses")
        .values({ company_id: p.companyId, ...addressColumns(address) })
        .returningAll()
        .executeTakeFirstOrThrow();
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
      const row = await tx
        .updateTable("addresses")
        .set(addressColumns(address))
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
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
      await tx.deleteFrom("addresses").where("id", "=", id).execute();
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
          const stored = await db
            .selectFrom("shop_users")
            .select("password_hash")
            .where("id", "=", p.userId)
            .executeTakeFirstOrThrow();
          const right =
            current.length <= PASSWORD_MAX * 4 &&
            (await verifyPassword(current, stored.password_hash));
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
          const before = await tx
            .selectFrom("shop_users")
            .select(["email", "first_name", "last_name", "phone_number", "job_title"])
            .where("id", "=", p.userId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const after = {
            // A new address waits for its confirmation; a change of case is the same mailbox.
            email: newEmail ? before.email : personal.email,
            first_name: personal.firstName,
            last_name: personal.lastName,
            phone_number:
              personal.phoneNumber === undefined ? before.phone_number : personal.phoneNumber,
            job_title: personal.jobTitle === undefined ? before.job_title : personal.jobTitle,
          };
          await tx.updateTable("shop_users").set(after).where("id", "=", p.userId).execute();
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
          const before = await tx
            .selectFrom("companies")
            .select(["name", "tax_number", "po_number_required"])
            .where("id", "=", p.companyId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const after = {
            name: company.name ?? before.name,
            tax_number: company.taxNumber === undefined ? before.tax_number : company.taxNumber,
            po_number_required: company.poNumberRequired ?? before.po_number_required,
          };
          await tx.updateTable("companies").set(after).where("id", "=", p.companyId).execute();
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
      const user = await tx
        .selectFrom("shop_users")
        .select("password_hash")
        .where("id", "=", p.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (current !== undefined && !v.some((x) => x.propertyPath === "currentPassword")) {
        if (!(await verifyPassword(current, user.password_hash))) {
          request.currentPasswordWrong = true;
          v.unshift({ propertyPath: "currentPassword", message: "password.currentWrong" });
        }
      }
      r.done();
      // Every token issued before stops working; the caller gets a fresh one below.
      const hash = await hashPassword(next as string);
      const changed = await tx
        .updateTable("shop_users")
        .set((eb) => ({ password_hash: hash, token_version: eb("token_version", "+", 1) }))
        .where("id", "=", p.userId)
        .returning("token_version")
        .executeTakeFirstOrThrow();
      version = changed.token_version;
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

  /** The company's active users (removed users kept for their orders are disabled: hidden). */
  const members = (companyId: number) =>
    db.selectFrom("shop_users").where("company_id", "=", companyId).where("enabled", "=", true);

  app.get("/api/v2/shop/shop-users", async (request) => {
    const p = requirePrincipal(request);
    requireAbility(p, "account.team");
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>);
    const [count, rows] = await Promise.all([
      members(p.companyId)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      members(p.companyId)
        .selectAll()
        .orderBy("id")
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage)
        .execute(),
    ]);
    return collection(rows.map(shopUserResource), Number(count.n));
  });

  app.get("/api/v2/shop/shop-users/:id", async (request) => {
    const { p, id } = teamMember(request);
    if (id === undefined) throw notFound();
    const row = await members(p.companyId).selectAll().where("id", "=", id).executeTakeFirst();
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
      // Whether an address has an account is told only inside the caller's company: another
      // company's address is invited like a free one (its holder cannot accept: see the
      // registration below), and every look-up counts on the caller's limit (finding 5).
      request.emailLookedUp = true;
      if ((await emailHolder(db, email, p.companyId)) === "ownCompany")
        r.add({ propertyPath: "email", message: EMAIL_TAKEN });
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
        const row = await tx
          .selectFrom("shop_users")
          .selectAll()
          .where("id", "=", userId)
          .executeTakeFirstOrThrow();
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
      // The same e-mail invited twice at once into one company: the unique index decides, the
      // loser hears why (in the same words as above).
      if (isUniqueViolation(error))
        throw unprocessable([{ propertyPath: "email", message: EMAIL_TAKEN }]);
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
      const row = await tx
        .updateTable("shop_users")
        .set({ roles })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
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
        ? await db
            .selectFrom("invitations as i")
            .innerJoin("shop_users as u", "u.id", "i.shop_user_id")
            .innerJoin("companies as c", "c.id", "u.company_id")
            .select([
              "u.email",
              "u.company_id",
              "c.name as company_name",
              "i.expires_at",
              "i.used_at",
            ])
            .where("i.token_hash", "=", hashToken(token))
            .where("u.enabled", "=", true)
            .where("u.password_hash", "is", null)
            .where("c.enabled", "=", true)
            .executeTakeFirst()
        : undefined;
    const expiresAt = new Date(found?.expires_at ?? 0);
    if (!found || found.used_at !== null || expiresAt.getTime() <= Date.now())
      throw new Problem(404, "/problems/not-found", "invitation.invalid");
    // The address has an account in another company (it was invited like a free one, finding
    // 5): the link cannot be used, and its reader, who holds that mailbox, is told why.
    if (await registeredElsewhere(db, found.email, found.company_id))
      throw new Problem(404, "/problems/not-found", EMAIL_HAS_ACCOUNT);
    // The contact of an approved application registers through the company's first
    // invitation: the names they gave in the application are known (issue 17), the page
    // prefills them. A colleague's invitation knows no name.
    const application = await db
      .selectFrom("partner_applications")
      .select("payload")
      .where("company_id", "=", found.company_id)
      .where("status", "=", "approved")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", found.email.toLowerCase()))
      .orderBy("id", "desc")
      .executeTakeFirst();
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
      const invitation = token
        ? await tx
            .selectFrom("invitations")
            .selectAll()
            .where("token_hash", "=", hashToken(token))
            .forUpdate()
            .executeTakeFirst()
        : undefined;
      const invitee = invitation
        ? await tx
            .selectFrom("shop_users")
            .innerJoin("companies", "companies.id", "shop_users.company_id")
            .selectAll("shop_users")
            .select("companies.enabled as company_enabled")
            .where("shop_users.id", "=", invitation.shop_user_id)
            .forUpdate("shop_users")
            .executeTakeFirst()
        : undefined;
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
      const row = await tx
        .updateTable("shop_users")
        .set({
          first_name: firstName!,
          last_name: lastName!,
          password_hash: await hashPassword(password as string),
        })
        .where("id", "=", invitee!.id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          // The address registered in another company since the check: the index refuses.
          if (isUniqueViolation(error))
            throw unprocessable([{ propertyPath: "token", message: EMAIL_HAS_ACCOUNT }]);
          throw error;
        });
      await tx
        .updateTable("invitations")
        .set({ used_at: new Date() })
        .where("id", "=", invitation!.id)
        .execute();
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
  await tx
    .updateTable("email_changes")
    .set({ expires_at: now })
    .where("shop_user_id", "=", p.userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  const change = await tx
    .insertInto("email_changes")
    .values({
      shop_user_id: p.userId,
      new_email: newEmail.address,
      token_hash: hash,
      expires_at: expiresAt,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
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
    let q = tx
      .selectFrom("email_changes as e")
      .innerJoin("shop_users as u", "u.id", "e.shop_user_id")
      .innerJoin("companies as c", "c.id", "u.company_id")
      .select([
        "e.id",
        "e.new_email",
        "e.used_at",
        "e.expires_at",
        "u.id as userId",
        "u.email",
        "u.company_id as companyId",
      ])
      .where("e.token_hash", "=", hashToken(token))
      .where("u.enabled", "=", true)
      .where("c.enabled", "=", true);
    if (lock) q = q.forUpdate("e");
    const row = await q.executeTakeFirst();
    if (!row || row.used_at !== null || new Date(row.expires_at) <= now) return undefined;
    return row;
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
      const taken = await tx
        .selectFrom("shop_users")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", found.new_email.toLowerCase()))
        .where("id", "!=", found.userId)
        .executeTakeFirst();
      if (taken) throw unprocessable([{ propertyPath: "email", message: EMAIL_TAKEN }]);
      await tx
        .updateTable("shop_users")
        .set({ email: found.new_email })
        .where("id", "=", found.userId)
        .execute();
      await tx
        .updateTable("email_changes")
        .set({ used_at: now })
        .where("id", "=", found.id)
        .execute();
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
