import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";

import { enabledMethod, orderMethodLine, setLineMethod } from "../../db/carts.js";
import type { DB } from "../../db/schema.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { BodyReader } from "../validate.js";
import { changeCart } from "./order-common.js";
import { requireAbility } from "../../core/abilities.js";
import { idFromReference, numericId } from "../../core/iri.js";
import { notFound } from "../../core/problem.js";

/** The methods of a cart's shipment and payment. */
export function registerCheckoutMethods(app: FastifyInstance, { db }: AppContext) {
  app.patch(
    "/api/v2/shop/orders/:token/shipments/:id",
    setMethod(db, "shipments", "shipping_methods", "shippingMethod"),
  );

  app.patch("/api/v2/shop/orders/:token/payments/:id", async (request) => {
    requireAbility(requirePrincipal(request), "checkout.setPaymentMethod");
    return setMethod(db, "payments", "payment_methods", "paymentMethod")(request);
  });
}

/**
 * Chooses the method of a cart's shipment or payment: the line must be this cart's (404),
 * the method an enabled one (422).
 */
const setMethod =
  (
    db: Kysely<DB>,
    lines: "shipments" | "payments",
    methods: "shipping_methods" | "payment_methods",
    field: string,
  ) =>
  (request: FastifyRequest) =>
    changeCart(db, request, async (tx, order) => {
      const id = numericId((request.params as { id: string }).id);
      const line = id === undefined ? undefined : await orderMethodLine(tx, lines, order.id, id);
      if (!line) throw notFound();
      const r = new BodyReader(request.body, [field]);
      const code = idFromReference(
        r.raw(field),
        methods === "shipping_methods" ? "shipping-methods" : "payment-methods",
      );
      const method = code ? await enabledMethod(tx, methods, code) : undefined;
      if (!method) {
        const unknown =
          methods === "shipping_methods" ? "shippingMethod.unknown" : "paymentMethod.unknown";
        r.add({ propertyPath: field, message: code ? unknown : "field.required" });
      }
      r.done();
      await setLineMethod(tx, lines, line.id, method!.code);
    });
