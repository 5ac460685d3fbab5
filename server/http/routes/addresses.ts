import type { FastifyInstance } from "fastify";
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
import { recordAudit } from "../../db/audit.js";
import type { AddressRow, AddressSnapshot, DB } from "../../db/schema.js";
import { addressChangeViolation, shippingSwitch } from "../../../rules/address-book.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { customerResource } from "../customer-resource.js";
import { addressResource } from "./customers.js";
import { BodyReader, readAddress } from "../validate.js";
import { actorOf, ownCustomer } from "./account-common.js";
import { requireAbility } from "../../core/abilities.js";
import { idFromReference, numericId } from "../../core/iri.js";
import { notFound, unprocessable } from "../../core/problem.js";

// Address book (spec 2 "Address book", 4 "Default shipping address", 6)

export function registerAddressBook(app: FastifyInstance, { db }: AppContext) {
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
