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
import { MAX_LINE_QUANTITY, quantityViolation } from "../../domain/quantity.js";
import type { Violation } from "../../domain/violations.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { BodyReader } from "../validate.js";
import { changeCart } from "./order-common.js";
import { requireAbility } from "../../core/abilities.js";
import { idFromReference, numericId } from "../../core/iri.js";
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
        const r = new BodyReader(request.body, ["productVariant", "quantity"]);
        const code = idFromReference(r.raw("productVariant"), "product-variants");
        if (code === undefined)
          r.add({ propertyPath: "productVariant", message: "field.required" });
        r.add(quantityViolation(r.raw("quantity")));
        r.done();
        await addLines(tx, order, principal.priceListCode, languageOf(request), existing, [
          { code: code!, quantity: r.raw("quantity") as number, path: "" },
        ]);
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
      },
      LINES_ONLY,
    );
    return reply.code(201).send(cart);
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
 * problems are reported together.
 */
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

function lineIndex(path: string) {
  return Number(/^items\[(\d+)\]/.exec(path)?.[1] ?? -1);
}
