import type { FastifyInstance, FastifyRequest } from "fastify";
import { emailHolder } from "../../db/account/customer.js";
import { isUniqueViolation } from "../../db/account/errors.js";
import {
  findMember,
  lockActorAndTarget,
  memberPage,
  removeShopUser,
  setRoles,
  shopUserById,
} from "../../db/account/team.js";
import { setSpendingLimits } from "../../db/approvals.js";
import { recordAudit } from "../../db/audit.js";
import { createInvitation } from "../../db/invitations.js";
import type { ShopUserRow } from "../../db/schema.js";
import { EMAIL_MAX } from "../../../rules/customer-profile.js";
import { can } from "../../../rules/permissions.js";
import { limitsApply, readLimit } from "../../domain/spending-limits.js";
import { limitsConflict } from "../../../rules/spending-limits.js";
import { readRoles } from "../../domain/team.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { BodyReader, paging } from "../validate.js";
import { languageOf } from "../problem.js";
import { supportedLanguage } from "../../core/i18n.js";
import { actorOf, auditUser, EMAIL_TAKEN, shopUserResource } from "./account-common.js";
import { requireAbility, type Principal } from "../../core/abilities.js";
import { collection, numericId } from "../../core/iri.js";
import { forbidden, notFound, Problem, unprocessable } from "../../core/problem.js";

// Company users (spec 2 "Company users", 3, 6): ADMIN only

/**
 * Nobody edits or removes their own row (spec 6). 403 rather than 422: the request is well
 * formed, it is the actor who may not do it to this row. The rule also keeps a company from
 * ending up without an admin, since the last admin cannot demote or remove themselves.
 */
const ownRow = () => new Problem(403, "/problems/own-user", "team.ownRow");

export function registerTeam(app: FastifyInstance, { db, config }: AppContext) {
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
    const r = new BodyReader(request.body, ["email", "roles", "language"]);
    const email = r.string("email", { required: true, email: true, max: EMAIL_MAX });
    // The invitee's language (decision 053): as given, else the inviting person's.
    const languageCode = r.string("language");
    const language =
      languageCode === undefined ? languageOf(request) : supportedLanguage(languageCode);
    if (!language) r.add({ propertyPath: "language", message: "field.languageUnknown" });
    const { roles, violations } = readRoles(r.raw("roles"));
    violations.forEach((v) => r.add(v));
    const emailOk = email && !r.violations.some((v) => v.propertyPath === "email");
    if (emailOk) {
      // Whether an address has an account is told only inside the caller's company: another
      // company's address is invited like a free one (its holder cannot accept: see the
      // registration), and every look-up counts on the caller's limit (finding 5).
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
          language,
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
   * A COMMERCIAL user's spending limits (decision 043): per order and per calendar month, minor
   * units of the company's currency, null for none; both are sent, so the body is the limits.
   * An ADMIN has none (their orders are never held), nor has a MARKETING-only user (no orders).
   */
  app.put("/api/v2/shop/shop-users/:id/spending-limits", async (request) => {
    const { p, id } = teamMember(request);
    if (id === undefined) throw notFound();
    if (id === p.userId) throw ownRow();
    const r = new BodyReader(request.body, ["orderLimit", "monthlyLimit"]);
    const limits = { perOrder: null as number | null, perMonth: null as number | null };
    for (const [key, field] of [
      ["orderLimit", "perOrder"],
      ["monthlyLimit", "perMonth"],
    ] as const) {
      const read = readLimit(r.raw(key), key);
      if (read.violation) r.add(read.violation);
      else limits[field] = read.value;
    }
    // A month's limit below the order's (issue 30): one rule with the team dialog.
    const conflict = limitsConflict(limits);
    if (conflict) r.add({ propertyPath: "monthlyLimit", message: conflict });
    r.done();
    return changeMember(p, id, async (tx, target) => {
      const limited = limits.perOrder !== null || limits.perMonth !== null;
      if (limited && !limitsApply(target.roles))
        throw unprocessable([
          { propertyPath: "orderLimit", message: "spendingLimit.onlyCommercial" },
        ]);
      const row = await setSpendingLimits(tx, id, limits);
      await recordAudit(tx, {
        actor: actorOf(p),
        companyId: p.companyId,
        entityType: "shop_user",
        entityId: id,
        action: "spending_limits.change",
        before: {
          email: target.email,
          orderLimit: target.order_limit,
          monthlyLimit: target.monthly_limit,
        },
        after: { email: row.email, orderLimit: row.order_limit, monthlyLimit: row.monthly_limit },
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
