import type { FastifyInstance } from "fastify";

import { addressSnapshot, companyAddress } from "../../db/account/addresses.js";
import { recordAudit } from "../../db/audit.js";
import {
  companyBillingAddress,
  couponByCode,
  deleteCart,
  orderSummary,
  setCartDetails,
  setCartNotes,
  type CartDetails,
} from "../../db/carts.js";
import { findOrderByToken, type Tx } from "../../db/orders.js";
import { readOrderNote, readPoNumber } from "../../domain/checkout.js";
import { can } from "../../../rules/permissions.js";
import { couponViolation } from "../../domain/promotions.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { BodyReader, readAddress } from "../validate.js";
import { changeCart, visibleTo } from "./order-common.js";
import { requireAbility } from "../../core/abilities.js";
import { idFromReference, numericId } from "../../core/iri.js";
import { conflict, notFound } from "../../core/problem.js";

/** A cart's details: its addresses, coupon and purchase-order number, its note; its removal. */
export function registerCartDetails(app: FastifyInstance, { db }: AppContext) {
  app.put("/api/v2/shop/orders/:token", async (request) =>
    changeCart(db, request, async (tx, order, principal) => {
      const r = new BodyReader(request.body, [
        "email",
        "billingAddress",
        "shippingAddress",
        "couponCode",
        "poNumber",
      ]);
      r.string("email", { email: true });
      const set: CartDetails = {};
      if (r.has("poNumber")) {
        // The buyer's order reference (issue 21): trimmed, at most 35 characters, "" removes it.
        const po = readPoNumber(r.raw("poNumber"));
        if (po.violation) r.add(po.violation);
        else set.po_number = po.value;
      }
      const mayAddress = can(principal.roles, "account.addressBook");
      // An address IRI reads the address book, and fields typed here are checkout's: both are
      // refused to a role without the address book (issue 18, finding 6), whatever the value.
      if (!mayAddress && (r.has("billingAddress") || r.has("shippingAddress")))
        requireAbility(principal, "account.addressBook");
      for (const [field, column] of [
        ["billingAddress", "billing_address"],
        ["shippingAddress", "shipping_address"],
      ] as const) {
        if (!r.has(field)) continue;
        const address = await addressFrom(tx, r.raw(field), field, principal.companyId);
        r.violations.push(...address.violations);
        if (address.address) set[column] = JSON.stringify(address.address);
      }
      if (r.has("couponCode")) {
        const raw = r.raw("couponCode");
        if (raw === null || (typeof raw === "string" && raw.trim() === "")) set.coupon_code = null;
        else {
          const code = r.string("couponCode", { max: 64 });
          if (code !== undefined) {
            const coupon = await couponByCode(tx, code);
            const violation = couponViolation(
              coupon && {
                code: coupon.code,
                percentageBp: coupon.percentage_bp,
                usageLimit: coupon.usage_limit,
                used: coupon.used,
                startsAt: coupon.starts_at,
                endsAt: coupon.ends_at,
                enabled: coupon.enabled,
              },
              new Date(),
            );
            if (violation) r.add(violation);
            else set.coupon_code = coupon!.code;
          }
        }
      }
      r.done();
      // The company is billed at its registered address unless the cart says otherwise.
      if (mayAddress && !set.billing_address && !order.billing_address) {
        const billing = await companyBillingAddress(tx, principal.companyId);
        if (billing) set.billing_address = JSON.stringify(billing);
      }
      if (Object.keys(set).length > 0) await setCartDetails(tx, order.id, set);
    }),
  );

  app.post("/api/v2/shop/orders/:token", async (request) =>
    changeCart(db, request, async (tx, order) => {
      const r = new BodyReader(request.body, ["notes"]);
      const note = readOrderNote(r.raw("notes"));
      if (note.violation) r.add(note.violation);
      r.done();
      await setCartNotes(tx, order.id, note.value ?? null);
    }),
  );

  app.delete("/api/v2/shop/orders/:token", async (request, reply) => {
    const p = requirePrincipal(request);
    const { token } = request.params as { token: string };
    await db.transaction().execute(async (tx) => {
      const order = await findOrderByToken(tx, token, true);
      if (!order || !visibleTo(order, p)) throw notFound();
      if (order.state !== "cart") throw conflict("error.notCart");
      const before = await orderSummary(tx, order.id);
      await deleteCart(tx, order.id);
      await recordAudit(tx, {
        actor: { type: "user", id: p.userId },
        companyId: p.companyId,
        entityType: "order",
        entityId: order.id,
        action: "cart.delete",
        before,
      });
    });
    return reply.code(204).send();
  });
}

/**
 * An address for a cart: either the IRI of one of the company's addresses, or the fields of
 * an address (the storefront sends the chosen address with its id removed).
 */
async function addressFrom(tx: Tx, raw: unknown, field: string, companyId: number) {
  if (typeof raw === "string") {
    const id = numericId(idFromReference(raw, "addresses"));
    const row = id !== undefined ? await companyAddress(tx, companyId, id) : undefined;
    if (!row)
      return {
        address: undefined,
        violations: [{ propertyPath: field, message: "error.notFound" }],
      };
    return { address: addressSnapshot(row), violations: [] };
  }
  return readAddress(tx, raw, field);
}
