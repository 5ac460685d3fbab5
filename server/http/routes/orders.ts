import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { MAX_QUICK_ORDER_LINES } from "../../../rules/limits.js";
import { MAX_NOTE_LENGTH, readPoNumber } from "../../domain/checkout.js";
import { couponViolation } from "../../domain/promotions.js";
import { MAX_LINE_QUANTITY, quantityViolation } from "../../domain/quantity.js";
import type { Violation } from "../../domain/violations.js";
import { recordAudit } from "../../db/audit.js";
import {
  checkCompletion,
  completeCart,
  findOrderByToken,
  recalculate,
  startCart,
  stockViolation,
  type Tx,
} from "../../db/orders.js";
import type { AddressRow, AddressSnapshot, OrderRow } from "../../db/schema.js";
import { can } from "../../domain/permissions.js";
import { requireAbility, requirePrincipal, type Principal } from "../auth.js";
import type { AppContext } from "../context.js";
import { collection, idFromReference, numericId } from "../iri.js";
import { conflict, languageOf, notFound, Problem, unprocessable } from "../problem.js";
import { orderResourceByToken, orderResources } from "../order-resource.js";
import { BodyReader, paging, queryString, readAddress } from "../validate.js";

const LOCALES = ["en_US", "fr_FR", "de_DE", "it_IT", "es_ES"];

/** A cart is its owner's; a placed order is visible to everyone of the company. */
function visibleTo(order: OrderRow, p: Principal) {
  return order.state === "cart"
    ? order.shop_user_id === p.userId
    : order.company_id === p.companyId;
}

type OrderResource = Awaited<ReturnType<typeof orderResources>>[number];

/**
 * A placed order as the caller may read it. The order itself is order history, every role's
 * (account spec 6); its payments (amounts, due and paid dates) and unpaid balance are the
 * Payments section, which is not MARKETING's, so without `account.payments` the list comes
 * out empty and the balance null. A cart is its owner's own and carries no balance.
 */
function readableOrder(
  order: OrderResource,
  p: Principal,
): Omit<OrderResource, "totalUnpaidAmount"> & { totalUnpaidAmount: number | null } {
  if (order.state === "cart") {
    // A cart's addresses come from the address book, which is not MARKETING's (issue 18,
    // finding 6): a cart kept from before a role change shows none. A placed order's
    // addresses are order history, every role's.
    if (can(p.roles, "account.addressBook")) return order;
    return { ...order, billingAddress: null, shippingAddress: null };
  }
  if (can(p.roles, "account.payments")) return order;
  return { ...order, payments: [], totalUnpaidAmount: null };
}

export function registerOrderRoutes(app: FastifyInstance, { db }: AppContext) {
  /** The order's resource as `p` may read it, its lines named in the request's language (decision 034). */
  const show = async (request: FastifyRequest, token: string, p: Principal) =>
    readableOrder((await orderResourceByToken(db, token, languageOf(request)))!.resource, p);

  /**
   * Runs a change to a cart in one transaction: the order row is locked first, so changes to
   * one cart happen one after another; then ownership (404 for anything not the caller's)
   * and state (409 once placed) are checked, the change runs, and the totals are recomputed.
   */
  const changeCart = async (
    request: FastifyRequest,
    change: (tx: Tx, order: OrderRow, principal: Principal, lines: CartLine[]) => Promise<void>,
  ) => {
    const principal = requirePrincipal(request);
    const { token } = request.params as { token: string };
    await db.transaction().execute(async (tx) => {
      const order = await findOrderByToken(tx, token, true);
      if (!order || !visibleTo(order, principal)) throw notFound();
      if (order.state !== "cart") throw conflict("error.notCart");
      // The locked row is the cart before the change; recalculating reads it after.
      const lines = await summaryItems(tx, order.id);
      const before = summaryOf(order, lines);
      await change(tx, order, principal, lines);
      const after = await recalculate(tx, order.id);
      await recordAudit(tx, {
        actor: { type: "user", id: principal.userId },
        companyId: principal.companyId,
        entityType: "order",
        entityId: order.id,
        action: auditAction(request),
        before,
        after: summaryOf({ ...after.order, total: after.totals.total }, after.items),
      });
    });
    return show(request, token, principal);
  };

  app.get("/api/v2/shop/orders", async (request) => {
    const p = requirePrincipal(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const state = queryString(q, "state", 40);
    // Order history's search (issue 21): the purchase-order number or the order number, any
    // case, any part of it; placed orders only.
    const search = queryString(q, "search", 35)?.trim();
    let base = db
      .selectFrom("orders")
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "cart"), eb("shop_user_id", "=", p.userId)]),
          eb.and([eb("state", "!=", "cart"), eb("company_id", "=", p.companyId)]),
        ]),
      );
    if (state !== undefined) base = base.where("state", "=", state);
    if (search) {
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base
        .where("state", "!=", "cart")
        .where((eb) =>
          eb.or([
            eb(eb.fn("lower", ["po_number"]), "like", pattern),
            eb("number", "like", pattern),
          ]),
        );
    }
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage)
        .execute(),
    ]);
    const resources = await orderResources(db, rows, languageOf(request));
    return collection(
      resources.map((o) => readableOrder(o, p)),
      Number(count.n),
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
    return reply.code(201).send(await show(request, cart.token_value, p));
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

  app.put("/api/v2/shop/orders/:token", async (request) =>
    changeCart(request, async (tx, order, principal) => {
      const r = new BodyReader(request.body, [
        "email",
        "billingAddress",
        "shippingAddress",
        "couponCode",
        "poNumber",
      ]);
      r.string("email", { email: true });
      const set: {
        billing_address?: string;
        shipping_address?: string;
        coupon_code?: string | null;
        po_number?: string | null;
      } = {};
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
            const coupon = await tx
              .selectFrom("coupons")
              .selectAll()
              .where((eb) => eb(eb.fn("upper", ["code"]), "=", code.toUpperCase()))
              .executeTakeFirst();
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
      if (Object.keys(set).length > 0)
        await tx.updateTable("orders").set(set).where("id", "=", order.id).execute();
    }),
  );

  app.post("/api/v2/shop/orders/:token", async (request) =>
    changeCart(request, async (tx, order) => {
      const r = new BodyReader(request.body, ["notes"]);
      const raw = r.raw("notes");
      let notes: string | null = null;
      if (raw !== null && raw !== undefined) {
        if (typeof raw !== "string")
          r.add({ propertyPath: "notes", message: "field.type", params: { type: "string" } });
        else if (raw.length > MAX_NOTE_LENGTH)
          r.add({
            propertyPath: "notes",
            message: "notes.tooLong",
            params: { max: MAX_NOTE_LENGTH },
          });
        else notes = raw.trim() === "" ? null : raw;
      }
      r.done();
      await tx.updateTable("orders").set({ notes }).where("id", "=", order.id).execute();
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
      await tx.deleteFrom("orders").where("id", "=", order.id).execute();
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

  app.post("/api/v2/shop/orders/:token/items", async (request, reply) => {
    const cart = await changeCart(request, async (tx, order, principal, existing) => {
      const r = new BodyReader(request.body, ["productVariant", "quantity"]);
      const code = idFromReference(r.raw("productVariant"), "product-variants");
      if (code === undefined) r.add({ propertyPath: "productVariant", message: "field.required" });
      r.add(quantityViolation(r.raw("quantity")));
      r.done();
      await addLines(tx, order, principal.priceListCode, languageOf(request), existing, [
        { code: code!, quantity: r.raw("quantity") as number, path: "" },
      ]);
    });
    return reply.code(201).send(cart);
  });

  app.post("/api/v2/shop/orders/:token/items-bulk", async (request, reply) => {
    requireAbility(requirePrincipal(request), "cart.bulkAdd");
    const cart = await changeCart(request, async (tx, order, principal, existing) => {
      const r = new BodyReader(request.body, ["items"]);
      const items = r.raw("items");
      if (!Array.isArray(items) || items.length === 0) {
        r.add({
          propertyPath: "items",
          message: Array.isArray(items) ? "items.empty" : "field.required",
        });
        r.done();
      }
      const list = items as unknown[];
      if (list.length > MAX_QUICK_ORDER_LINES) {
        r.add({
          propertyPath: "items",
          message: "items.tooMany",
          params: { max: MAX_QUICK_ORDER_LINES },
        });
        r.done();
      }
      const lines = list.flatMap((item, n) => {
        const line = new BodyReader(item, ["productVariant", "quantity"], `items[${n}]`);
        const code = idFromReference(line.raw("productVariant"), "product-variants");
        if (code === undefined)
          line.add({ propertyPath: line.path("productVariant"), message: "field.required" });
        line.add(quantityViolation(line.raw("quantity"), line.path("quantity")));
        r.violations.push(...line.violations);
        return line.violations.length
          ? []
          : [{ code: code!, quantity: line.raw("quantity") as number, path: `items[${n}].` }];
      });
      // Lines with a bad shape are reported together with lines the catalogue refuses.
      await addLines(
        tx,
        order,
        principal.priceListCode,
        languageOf(request),
        existing,
        lines,
        r.violations,
      );
    });
    return reply.code(201).send(cart);
  });

  app.patch("/api/v2/shop/orders/:token/items/:id", async (request) =>
    changeCart(request, async (tx, order) => {
      const item = await itemOf(tx, order, (request.params as { id: string }).id);
      const language = languageOf(request);
      const r = new BodyReader(request.body, ["quantity"]);
      const quantity = r.raw("quantity");
      r.add(quantityViolation(quantity));
      r.done();
      const stock = await tx
        .selectFrom("product_variants as v")
        .leftJoin("product_translations as pt", (j) =>
          j.onRef("pt.product_code", "=", "v.product_code").on("pt.locale", "=", language),
        )
        .leftJoin("product_variant_translations as vt", (j) =>
          j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
        )
        .select(["v.on_hand", "pt.name as product_name", "vt.name as variant_name"])
        .where("v.code", "=", item.variant_code)
        .executeTakeFirstOrThrow();
      // Named in the reader's language (decision 030), the line's recorded name where untranslated.
      const v = stockViolation(
        stock.on_hand,
        quantity as number,
        `${stock.product_name ?? item.product_name} (${stock.variant_name ?? item.variant_name})`,
        "quantity",
      );
      if (v)
        throw unprocessable(
          [v],
          v.message === "variant.outOfStock"
            ? "/problems/out-of-stock"
            : "/problems/insufficient-stock",
        );
      await tx
        .updateTable("order_items")
        .set({ quantity: quantity as number })
        .where("id", "=", item.id)
        .execute();
    }),
  );

  app.delete("/api/v2/shop/orders/:token/items/:id", async (request, reply) => {
    await changeCart(request, async (tx, order) => {
      const item = await itemOf(tx, order, (request.params as { id: string }).id);
      await tx.deleteFrom("order_items").where("id", "=", item.id).execute();
    });
    return reply.code(204).send();
  });

  /**
   * Chooses the method of a cart's shipment or payment: the line must be this cart's (404),
   * the method an enabled one (422).
   */
  const setMethod =
    (
      lines: "shipments" | "payments",
      methods: "shipping_methods" | "payment_methods",
      field: string,
    ) =>
    (request: FastifyRequest) =>
      changeCart(request, async (tx, order) => {
        const id = numericId((request.params as { id: string }).id);
        const line =
          id === undefined
            ? undefined
            : await tx
                .selectFrom(lines)
                .select("id")
                .where("id", "=", id)
                .where("order_id", "=", order.id)
                .executeTakeFirst();
        if (!line) throw notFound();
        const r = new BodyReader(request.body, [field]);
        const code = idFromReference(
          r.raw(field),
          methods === "shipping_methods" ? "shipping-methods" : "payment-methods",
        );
        const method = code
          ? await tx
              .selectFrom(methods)
              .select("code")
              .where("code", "=", code)
              .where("enabled", "=", true)
              .executeTakeFirst()
          : undefined;
        if (!method) {
          const unknown =
            methods === "shipping_methods" ? "shippingMethod.unknown" : "paymentMethod.unknown";
          r.add({ propertyPath: field, message: code ? unknown : "field.required" });
        }
        r.done();
        await tx
          .updateTable(lines)
          .set({ method_code: method!.code })
          .where("id", "=", line.id)
          .execute();
      });

  app.patch(
    "/api/v2/shop/orders/:token/shipments/:id",
    setMethod("shipments", "shipping_methods", "shippingMethod"),
  );

  app.patch("/api/v2/shop/orders/:token/payments/:id", async (request) => {
    requireAbility(requirePrincipal(request), "checkout.setPaymentMethod");
    return setMethod("payments", "payment_methods", "paymentMethod")(request);
  });

  app.patch("/api/v2/shop/orders/:token/complete", async (request, reply) =>
    completeOrder(request, reply),
  );

  /**
   * Completion happens once. The order row is locked; a repeated request with the same
   * Idempotency-Key gets the first answer again; any other request for an order that is no
   * longer a cart gets 409. Stock and coupon use are taken conditionally inside the same
   * transaction (see placeOrder), so a refusal leaves nothing half-done.
   */
  async function completeOrder(request: FastifyRequest, reply: FastifyReply) {
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
    if (
      notes !== undefined &&
      notes !== null &&
      (typeof notes !== "string" || notes.length > MAX_NOTE_LENGTH)
    ) {
      r.add({ propertyPath: "notes", message: "notes.tooLong", params: { max: MAX_NOTE_LENGTH } });
    }
    r.done();

    const replay = await db.transaction().execute(async (tx) => {
      const order = await findOrderByToken(tx, token, true);
      if (!order || !visibleTo(order, principal)) throw notFound();
      if (key) {
        const seen = await tx
          .selectFrom("idempotency_keys")
          .select(["request_hash", "response_status", "response_body"])
          .where("shop_user_id", "=", principal.userId)
          .where("key", "=", key)
          .executeTakeFirst();
        if (seen && seen.request_hash !== requestHash)
          throw unprocessable(
            [{ propertyPath: "Idempotency-Key", message: "error.idempotencyMismatch" }],
            "/problems/idempotency-key-reused",
          );
        if (seen) return { status: seen.response_status, body: seen.response_body };
      }
      if (order.state !== "cart") throw conflict("error.notCart");
      // Only offline methods (invoice) complete here: a card cart is placed by its card payment
      // (server/payments), never by a completion that skips paying.
      const unpaidCard = await tx
        .selectFrom("payments as p")
        .innerJoin("payment_methods as m", "m.code", "p.method_code")
        .select("p.id")
        .where("p.order_id", "=", order.id)
        .where("m.kind", "!=", "invoice")
        .executeTakeFirst();
      if (unpaidCard) {
        // What the cart still lacks (addresses, lines) is said first, as for an invoice cart.
        const checked = await checkCompletion(tx, order, false, languageOf(request));
        if (checked.refusal) throw unprocessable(checked.refusal.violations, checked.refusal.type);
        throw unprocessable(
          [{ propertyPath: "paymentMethod", message: "checkout.payByCard" }],
          "/problems/checkout",
        );
      }
      const completed = await completeCart(tx, order, {
        actor: { type: "user", id: principal.userId },
        notes: typeof notes === "string" ? notes : undefined,
        language: languageOf(request),
        poNumber: po?.value,
      });
      if (completed.refusal)
        throw unprocessable(completed.refusal.violations, completed.refusal.type);
      const placed = completed.order;
      const body = (await orderResourceByToken(tx, placed.token_value, languageOf(request)))!
        .resource;
      if (key) {
        const stored = await tx
          .insertInto("idempotency_keys")
          .values({
            shop_user_id: principal.userId,
            key,
            request_hash: requestHash,
            response_status: 200,
            response_body: JSON.stringify(body),
          })
          .onConflict((oc) => oc.doNothing())
          .returning("key")
          .executeTakeFirst();
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
}

async function itemOf(tx: Tx, order: OrderRow, rawId: string) {
  const id = numericId(rawId);
  const item =
    id !== undefined
      ? await tx
          .selectFrom("order_items")
          .selectAll()
          .where("id", "=", id)
          .where("order_id", "=", order.id)
          .executeTakeFirst()
      : undefined;
  if (!item) throw notFound();
  return item;
}

/**
 * Adds lines to a cart, merging with lines of the same variant. All or nothing: every line is
 * checked (exists, sold to this company, in stock, resulting quantity 1..300) before any is
 * written, and all problems are reported together.
 */
/** Adds lines to a cart at the prices of `priceList` (the company's, read with the caller). */
async function addLines(
  tx: Tx,
  order: OrderRow,
  priceList: string,
  language: string,
  existing: CartLine[],
  lines: { code: string; quantity: number; path: string }[],
  earlier: Violation[] = [],
) {
  const codes = [...new Set(lines.map((l) => l.code))];
  // Every line already refused for its shape: nothing to look up (and `in ()` is not SQL).
  if (codes.length === 0) throw unprocessable(earlier);
  const variants = await tx
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .innerJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "v.code").on("vp.price_list_code", "=", priceList),
    )
    .leftJoin("product_translations as pt", (j) =>
      j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", language),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
    )
    .select([
      "v.code",
      "v.name",
      "v.product_code",
      "v.on_hand",
      "p.name as product_name",
      "pt.name as product_name_translated",
      "vt.name as variant_name_translated",
      "vp.price",
      "vp.rrp_price",
    ])
    .where("v.code", "in", codes)
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true)
    .execute();
  const byCode = new Map(variants.map((v) => [v.code, v]));
  const wanted = new Map<string, number>();
  const violations: Violation[] = [...earlier];
  for (const line of lines) {
    const variant = byCode.get(line.code);
    if (!variant) {
      violations.push({
        propertyPath: `${line.path}productVariant`,
        message: "variant.notFound",
        params: { code: line.code },
      });
      continue;
    }
    const total =
      (wanted.get(line.code) ?? existing.find((e) => e.variant_code === line.code)?.quantity ?? 0) +
      line.quantity;
    wanted.set(line.code, total);
    // Messages name the line in the reader's language; the line records the English name.
    const name = `${variant.product_name_translated ?? variant.product_name} (${variant.variant_name_translated ?? variant.name})`;
    const v =
      stockViolation(variant.on_hand, total, name, `${line.path}quantity`) ??
      (total > MAX_LINE_QUANTITY ? quantityViolation(total, `${line.path}quantity`) : null);
    if (v) violations.push(v);
  }
  if (violations.length > 0) {
    violations.sort((a, b) => lineIndex(a.propertyPath) - lineIndex(b.propertyPath));
    const outOfStock = violations.every((v) => v.message === "variant.outOfStock");
    throw unprocessable(violations, outOfStock ? "/problems/out-of-stock" : "/problems/validation");
  }
  let position = existing.length;
  for (const [code, quantity] of wanted) {
    const line = existing.find((e) => e.variant_code === code);
    if (line) {
      await tx.updateTable("order_items").set({ quantity }).where("id", "=", line.id).execute();
      continue;
    }
    const v = byCode.get(code)!;
    await tx
      .insertInto("order_items")
      .values({
        order_id: order.id,
        variant_code: code,
        product_code: v.product_code,
        product_name: v.product_name,
        variant_name: v.name,
        quantity,
        unit_price: v.price,
        original_unit_price: v.rrp_price,
        discounted_unit_price: v.price,
        subtotal: v.price * quantity,
        total: v.price * quantity,
        position: position++,
      })
      .execute();
  }
}

type SummaryOrder = Pick<
  OrderRow,
  "coupon_code" | "notes" | "shipping_address" | "total" | "currency_code"
> & { po_number?: string | null };

/** What an audit line keeps of a cart: its lines, coupon, note, destination and total. */
async function orderSummary(tx: Tx, orderId: number) {
  const order = await tx
    .selectFrom("orders")
    .select(["coupon_code", "notes", "po_number", "shipping_address", "total", "currency_code"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  return summaryOf(order, await summaryItems(tx, orderId));
}

/** A cart's lines as they were before a change. */
type CartLine = { id: number; variant_code: string; quantity: number };

async function summaryItems(tx: Tx, orderId: number): Promise<CartLine[]> {
  return tx
    .selectFrom("order_items")
    .select(["id", "variant_code", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

function summaryOf(order: SummaryOrder, items: { variant_code: string; quantity: number }[]) {
  const shipping = order.shipping_address as AddressSnapshot | null;
  return {
    items: items.map((i) => ({ variant: i.variant_code, quantity: i.quantity })),
    couponCode: order.coupon_code,
    notes: order.notes,
    poNumber: order.po_number ?? null,
    shippingTo: shipping ? `${shipping.city}, ${shipping.countryCode}` : null,
    total: order.total,
    currencyCode: order.currency_code,
  };
}

/** The audit action of a cart change: the route it came through, e.g. "PATCH items/:id". */
function auditAction(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  return `cart.${request.method} ${route.replace("/api/v2/shop/orders/:token", "") || "/"}`;
}

function lineIndex(path: string) {
  return Number(/^items\[(\d+)\]/.exec(path)?.[1] ?? -1);
}

async function companyBillingAddress(
  tx: Tx,
  companyId: number,
): Promise<AddressSnapshot | undefined> {
  const row = await tx
    .selectFrom("companies")
    .innerJoin("addresses", "addresses.id", "companies.default_billing_address_id")
    .selectAll("addresses")
    .where("companies.id", "=", companyId)
    .executeTakeFirst();
  return row ? snapshot(row) : undefined;
}

function snapshot(a: AddressRow): AddressSnapshot {
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    countryCode: a.country_code,
    provinceCode: a.province_code,
    provinceName: a.province_name,
    phoneNumber: a.phone_number,
    email: a.email,
  };
}

/**
 * An address for a cart: either the IRI of one of the company's addresses, or the fields of
 * an address (the storefront sends the chosen address with its id removed).
 */
async function addressFrom(tx: Tx, raw: unknown, field: string, companyId: number) {
  if (typeof raw === "string") {
    const id = numericId(idFromReference(raw, "addresses"));
    const row =
      id !== undefined
        ? await tx
            .selectFrom("addresses")
            .selectAll()
            .where("id", "=", id)
            .where("company_id", "=", companyId)
            .executeTakeFirst()
        : undefined;
    if (!row)
      return {
        address: undefined,
        violations: [{ propertyPath: field, message: "error.notFound" }],
      };
    return { address: snapshot(row), violations: [] };
  }
  return readAddress(tx, raw, field);
}
