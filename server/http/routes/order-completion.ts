import { createHash } from "node:crypto";
import { queueOrderConfirmation } from "../../mail/order-confirmation.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";

import {
  completeCart,
  findOrderByToken,
  idempotentAnswer,
  storeIdempotentAnswer,
} from "../../db/orders.js";
import type { DB } from "../../db/schema.js";
import type { ServerConfig } from "../../config.js";
import { AWAITING_APPROVAL } from "../../domain/spending-limits.js";
import { readOrderNote, readPoNumber } from "../../domain/checkout.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { BodyReader } from "../validate.js";
import { visibleTo } from "./order-common.js";
import { requireAbility } from "../../core/abilities.js";
import { orderResourceByToken } from "../../core/order-resource.js";
import { conflict, notFound, Problem, unprocessable } from "../../core/problem.js";

/** A cart's completion: the invoice cart becomes an order. */
export function registerOrderCompletion(app: FastifyInstance, { db, config }: AppContext) {
  app.patch("/api/v2/shop/orders/:token/complete", async (request, reply) =>
    completeOrder(db, config, request, reply),
  );
}

/**
 * Completion happens once. The order row is locked; a repeated request with the same
 * Idempotency-Key gets the first answer again; any other request for an order that is no
 * longer a cart gets 409. Stock and coupon use are taken conditionally inside the same
 * transaction (see placeOrder), so a refusal leaves nothing half-done.
 */
async function completeOrder(
  db: Kysely<DB>,
  config: ServerConfig,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const principal = requirePrincipal(request);
  requireAbility(principal, "checkout.complete");
  const { token } = request.params as { token: string };
  const key = request.headers["idempotency-key"];
  if (key !== undefined && (typeof key !== "string" || key.length === 0 || key.length > 255)) {
    throw new Problem(400, "/problems/bad-request", "field.type", { type: "Idempotency-Key" });
  }
  const requestHash = createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("base64url");
  const r = new BodyReader(request.body, ["notes", "poNumber"]);
  const notes = r.raw("notes");
  const po = r.has("poNumber") ? readPoNumber(r.raw("poNumber")) : undefined;
  if (po?.violation) r.add(po.violation);
  const note = notes === undefined ? undefined : readOrderNote(notes);
  if (note?.violation) r.add(note.violation);
  r.done();

  const replay = await db.transaction().execute(async (tx) => {
    const order = await findOrderByToken(tx, token, true);
    if (!order || !visibleTo(order, principal)) throw notFound();
    if (key) {
      const seen = await idempotentAnswer(tx, principal.userId, key);
      if (seen && seen.request_hash !== requestHash)
        throw unprocessable(
          [{ propertyPath: "Idempotency-Key", message: "error.idempotencyMismatch" }],
          "/problems/idempotency-key-reused",
        );
      if (seen) return { status: seen.response_status, body: seen.response_body };
    }
    if (order.state !== "cart") throw conflict("error.notCart");
    // Only offline methods (invoice) complete here: a card cart is placed by its card payment
    // (server/payments), never by a completion that skips paying; except a cart over the
    // buyer's spending limit, which is placed awaiting approval without paying (decision 043).
    // What the cart still lacks (addresses, lines) is said first, as for an invoice cart.
    const completed = await completeCart(tx, order, {
      actor: { type: "user", id: principal.userId },
      notes: typeof notes === "string" ? notes : undefined,
      language: languageOf(request),
      poNumber: po?.value,
      holdOverLimit: {
        publicUrl: config.publicUrl,
        brandName: config.brandName,
        maxHeld: config.heldOrders.perBuyer,
      },
      refuseCard: true,
    });
    if (completed.refusal)
      throw unprocessable(completed.refusal.violations, completed.refusal.type);
    const placed = completed.order;
    // Under the buyer's spending lock since the check, a card cart over the limit is held.
    if (completed.paysByCard && placed.state !== AWAITING_APPROVAL)
      throw new Error("a card cart was completed without paying");
    // The buyer's confirmation, in their language; it says when the order awaits approval.
    await queueOrderConfirmation(tx, placed, config, placed.state === AWAITING_APPROVAL);
    const body = (await orderResourceByToken(tx, placed.token_value, languageOf(request)))!
      .resource;
    if (key) {
      const stored = await storeIdempotentAnswer(tx, {
        userId: principal.userId,
        key,
        requestHash,
        status: 200,
        body,
      });
      // The same key already completed a different order: refuse, and roll this one back.
      if (!stored)
        throw unprocessable(
          [{ propertyPath: "Idempotency-Key", message: "error.idempotencyMismatch" }],
          "/problems/idempotency-key-reused",
        );
    }
    return { status: 200, body };
  });
  return reply.code(replay.status).send(replay.body);
}
