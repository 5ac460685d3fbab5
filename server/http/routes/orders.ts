import type { FastifyInstance } from "fastify";

import { recordAudit } from "../../db/audit.js";
import { ordersPage, startCart } from "../../db/orders.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { BodyReader, paging, queryString } from "../validate.js";
import { registerCartDetails } from "./cart-details.js";
import { registerCartLines } from "./cart-lines.js";
import { registerCheckoutMethods } from "./checkout-methods.js";
import { registerOrderCompletion } from "./order-completion.js";
import { readableOrder, showOrder, visibleTo } from "./order-common.js";
import { requireAbility } from "../../core/abilities.js";
import { collection } from "../../core/iri.js";
import { orderResourceByToken, orderResources } from "../../core/order-resource.js";
import { notFound } from "../../core/problem.js";

const LOCALES = ["en_US", "fr_FR", "de_DE", "it_IT", "es_ES"];

/**
 * The storefront's orders and carts: order history and the order's resource (here), then the
 * cart's details, its lines, the methods of its shipment and payment, and its completion, in
 * that order (the route table is the same as when one function registered them all).
 */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  registerOrderHistory(app, ctx);
  registerCartDetails(app, ctx);
  registerCartLines(app, ctx);
  registerCheckoutMethods(app, ctx);
  registerOrderCompletion(app, ctx);
}

/** Order history, a new cart, and one order with its lines and payments. */
function registerOrderHistory(app: FastifyInstance, { db }: AppContext) {
  app.get("/api/v2/shop/orders", async (request) => {
    const p = requirePrincipal(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const state = queryString(q, "state", 40);
    // Order history's search (issue 21): the purchase-order number or the order number, any
    // case, any part of it; placed orders only.
    const search = queryString(q, "search", 35)?.trim();
    const { total, rows } = await ordersPage(
      db,
      { userId: p.userId, companyId: p.companyId },
      { state, search },
      { page, itemsPerPage },
    );
    const resources = await orderResources(db, rows, languageOf(request));
    return collection(
      resources.map((o) => readableOrder(o, p)),
      total,
    );
  });

  app.post("/api/v2/shop/orders", async (request, reply) => {
    const p = requirePrincipal(request);
    const r = new BodyReader(request.body, ["localeCode"]);
    const localeCode = r.string("localeCode", { max: 10 }) ?? "en_US";
    if (!LOCALES.includes(localeCode))
      r.add({ propertyPath: "localeCode", message: "field.type", params: { type: "locale" } });
    r.done();
    const cart = await db.transaction().execute(async (tx) => {
      const started = await startCart(tx, p.userId, localeCode);
      await recordAudit(tx, {
        actor: { type: "user", id: p.userId },
        companyId: p.companyId,
        entityType: "order",
        entityId: started.id,
        action: "cart.start",
      });
      return started;
    });
    return reply.code(201).send(await showOrder(db, request, cart.token_value, p));
  });

  app.get("/api/v2/shop/orders/:token", async (request) => {
    const p = requirePrincipal(request);
    const found = await orderResourceByToken(
      db,
      (request.params as { token: string }).token,
      languageOf(request),
    );
    if (!found || !visibleTo(found.order, p)) throw notFound();
    return readableOrder(found.resource, p);
  });

  app.get("/api/v2/shop/orders/:token/items", async (request) => {
    const p = requirePrincipal(request);
    const found = await orderResourceByToken(
      db,
      (request.params as { token: string }).token,
      languageOf(request),
    );
    if (!found || !visibleTo(found.order, p)) throw notFound();
    return collection(found.resource.items);
  });

  app.get("/api/v2/shop/orders/:token/payments", async (request) => {
    const p = requirePrincipal(request);
    // 403 before the lookup: the answer is the same whichever token is asked about.
    requireAbility(p, "account.payments");
    const found = await orderResourceByToken(
      db,
      (request.params as { token: string }).token,
      languageOf(request),
    );
    if (!found || !visibleTo(found.order, p)) throw notFound();
    const { resource } = found;
    return { ...collection(resource.payments), totalUnpaidAmount: resource.totalUnpaidAmount };
  });
}
