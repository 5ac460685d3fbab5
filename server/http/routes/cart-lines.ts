import type { FastifyInstance } from "fastify";

import { MAX_QUICK_ORDER_LINES } from "../../../rules/limits.js";
import {
  addCartLine,
  cartLine,
  deleteCartLine,
  setCartLineQuantity,
  variantStock,
  variantsToAdd,
  type CartLine,
} from "../../db/carts.js";
import { stockViolation, type Tx } from "../../db/orders.js";
import type { OrderRow } from "../../db/schema.js";
import { MAX_LINE_QUANTITY, quantityViolation } from "../../../rules/quantity.js";
import type { Violation } from "../../../rules/violations.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { BodyReader } from "../validate.js";
import { changeCart } from "./order-common.js";
import { requireAbility } from "../../core/abilities.js";
import { idFromReference, iri, numericId } from "../../core/iri.js";
import { notFound, unprocessable } from "../../core/problem.js";

/** These routes change a cart's lines only, never its order row (see changeCart). */
const LINES_ONLY = { linesOnly: true };

/** A cart's lines: adding one or many (quick order), changing a quantity, removing a line. */
export function registerCartLines(app: FastifyInstance, { db }: AppContext) {
  app.post("/api/v2/shop/orders/:token/items", async (request, reply) => {
    const cart = await changeCart(
      db,
      request,
      async (tx, order, principal, existing) => {
        const r = new BodyReader(request.body, ["productVariant", "quantity", "upToStock"]);
        const code = idFromReference(r.raw("productVariant"), "product-variants");
        if (code === undefined)
          r.add({ propertyPath: "productVariant", message: "field.required" });
        r.add(quantityViolation(r.raw("quantity")));
        const upToStock = readUpToStock(r);
        r.done();
        await addLines(
          tx,
          order,
          principal.priceListCode,
          languageOf(request),
          existing,
          [{ code: code!, quantity: r.raw("quantity") as number, path: "" }],
          [],
          upToStock,
        );
      },
      LINES_ONLY,
    );
    return reply.code(201).send(cart);
  });

  app.post("/api/v2/shop/orders/:token/items-bulk", async (request, reply) => {
    requireAbility(requirePrincipal(request), "cart.bulkAdd");
    const cart = await changeCart(
      db,
      request,
      async (tx, order, principal, existing) => {
        const r = new BodyReader(request.body, ["items", "upToStock"]);
        const upToStock = readUpToStock(r);
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
          upToStock,
        );
      },
      LINES_ONLY,
    );
    return reply.code(201).send(cart);
  });

  // How many of each wanted quantity a cart line could take now (the reorder's preview): the
  // catalogue says only whether a variant is in stock (decision 046), this reads the stock.
  app.post("/api/v2/shop/stock-check", async (request) => {
    const principal = requirePrincipal(request);
    const r = new BodyReader(request.body, ["items"]);
    const items = r.raw("items");
    if (!Array.isArray(items) || items.length === 0 || items.length > MAX_QUICK_ORDER_LINES) {
      r.add({
        propertyPath: "items",
        message: !Array.isArray(items)
          ? "field.required"
          : items.length === 0
            ? "items.empty"
            : "items.tooMany",
        params: { max: MAX_QUICK_ORDER_LINES },
      });
      r.done();
    }
    const lines = (items as unknown[]).flatMap((item, n) => {
      const line = new BodyReader(item, ["productVariant", "quantity"], `items[${n}]`);
      const code = idFromReference(line.raw("productVariant"), "product-variants");
      if (code === undefined)
        line.add({ propertyPath: line.path("productVariant"), message: "field.required" });
      line.add(quantityViolation(line.raw("quantity"), line.path("quantity")));
      r.violations.push(...line.violations);
      return line.violations.length
        ? []
        : [{ code: code!, quantity: line.raw("quantity") as number }];
    });
    r.done();
    const variants = await db
      .transaction()
      .execute((tx) =>
        variantsToAdd(
          tx,
          [...new Set(lines.map((l) => l.code))],
          principal.priceListCode,
          languageOf(request),
        ),
      );
    const byCode = new Map(variants.map((v) => [v.code, v]));
    return {
      items: lines.map((l) => ({
        productVariant: iri.variant(l.code),
        variantCode: l.code,
        quantity: l.quantity,
        // Not sold to the company (or gone): none.
        available: availableOf(byCode.get(l.code)?.on_hand ?? 0, 0, l.quantity),
      })),
    };
  });

  app.patch("/api/v2/shop/orders/:token/items/:id", async (request) =>
    changeCart(
      db,
      request,
      async (tx, order) => {
        const item = await itemOf(tx, order, (request.params as { id: string }).id);
        const language = languageOf(request);
        const r = new BodyReader(request.body, ["quantity"]);
        const quantity = r.raw("quantity");
        r.add(quantityViolation(quantity));
        r.done();
        const stock = await variantStock(tx, item.variant_code, language);
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
        await setCartLineQuantity(tx, item.id, quantity as number);
      },
      LINES_ONLY,
    ),
  );

  app.delete("/api/v2/shop/orders/:token/items/:id", async (request, reply) => {
    await changeCart(
      db,
      request,
      async (tx, order) => {
        const item = await itemOf(tx, order, (request.params as { id: string }).id);
        await deleteCartLine(tx, item.id);
      },
      LINES_ONLY,
    );
    return reply.code(204).send();
  });
}

/** The cart's line `rawId`, or 404. */
async function itemOf(tx: Tx, order: OrderRow, rawId: string) {
  const id = numericId(rawId);
  const item = id !== undefined ? await cartLine(tx, order.id, id) : undefined;
  if (!item) throw notFound();
  return item;
}

/**
 * Adds lines to a cart at the prices of `priceList` (the company's, read with the caller),
 * merging with lines of the same variant. All or nothing: every line is checked (exists, sold
 * to this company, in stock, resulting quantity 1..300) before any is written, and all
 * problems are reported together. With `upToStock` (a reorder), a line the stock or the line
 * maximum cannot take whole gets what it can take; the cart's line then shows what was added.
 */
async function addLines(
  tx: Tx,
  order: OrderRow,
  priceList: string,
  language: string,
  existing: CartLine[],
  lines: { code: string; quantity: number; path: string }[],
  earlier: Violation[] = [],
  upToStock = false,
) {
  const codes = [...new Set(lines.map((l) => l.code))];
  // Every line already refused for its shape: nothing to look up (and `in ()` is not SQL).
  if (codes.length === 0) throw unprocessable(earlier);
  const variants = await variantsToAdd(tx, codes, priceList, language);
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
    const before =
      wanted.get(line.code) ?? existing.find((e) => e.variant_code === line.code)?.quantity ?? 0;
    // Up to stock: what the line can still take is added and the rest left out; nothing at all
    // to add is refused as without the option (out of stock, or the line already holds it all).
    const room = availableOf(variant.on_hand, before, line.quantity);
    const total = before + (upToStock && room > 0 ? room : line.quantity);
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
      await setCartLineQuantity(tx, line.id, quantity);
      continue;
    }
    const v = byCode.get(code)!;
    await addCartLine(tx, {
      cartId: order.id,
      variantCode: code,
      productCode: v.product_code,
      productName: v.product_name,
      variantName: v.name,
      quantity,
      price: v.price,
      rrpPrice: v.rrp_price,
      position: position++,
    });
  }
}

/**
 * How many of `quantity` more units a cart line already holding `inLine` can take: no more
 * than the stock on hand, nor than the line maximum (300).
 */
function availableOf(onHand: number, inLine: number, quantity: number): number {
  return Math.max(0, Math.min(quantity, onHand - inLine, MAX_LINE_QUANTITY - inLine));
}

/** The optional `upToStock` flag: add what the stock allows instead of refusing the rest. */
function readUpToStock(r: BodyReader): boolean {
  const value = r.raw("upToStock");
  if (value === undefined) return false;
  if (typeof value !== "boolean") {
    r.add({ propertyPath: "upToStock", message: "field.type", params: { type: "boolean" } });
    return false;
  }
  return value;
}

function lineIndex(path: string) {
  return Number(/^items\[(\d+)\]/.exec(path)?.[1] ?? -1);
}
