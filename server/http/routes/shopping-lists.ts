import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";

import { recordAudit } from "../../db/audit.js";
import { companyTerms, type CompanyTerms } from "../../db/contract-prices.js";
import { addCartLine, cartLinesInOrder, setCartLineQuantity } from "../../db/carts.js";
import { getOrder, recalculate } from "../../db/orders.js";
import type { DB } from "../../db/schema.js";
import {
  callerCart,
  companyListsPage,
  deleteList,
  findCompanyList,
  getList,
  insertList,
  listLines,
  listLinesToOrder,
  lockShopUser,
  shoppingListItems,
  soldVariantCodes,
} from "../../db/shopping-lists.js";
import { MAX_LINE_QUANTITY, quantityViolation } from "../../../rules/quantity.js";
import {
  defaultListName,
  listTotal,
  MAX_LIST_LINES,
  MAX_LIST_NAME_LENGTH,
  mergeListLines,
  planListOrder,
  type RequestedLine,
  type VariantAvailability,
} from "../../../rules/shopping-lists.js";
import type { Violation } from "../../../rules/violations.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { BodyReader, paging } from "../validate.js";
import { requireAbility, type Principal } from "../../core/abilities.js";
import { translate, type Language } from "../../core/i18n.js";
import { collection, idFromReference, iri, numericId } from "../../core/iri.js";
import { orderResources } from "../../core/order-resource.js";
import { notFound, unprocessable } from "../../core/problem.js";

const LISTS = "/api/v2/shopping-lists";
const listIri = (id: number) => `${LISTS}/${id}`;

/** The cart locale for a request's language, as the storefront's locale codes spell it. */
const CART_LOCALES: Record<Language, string> = {
  en: "en_US",
  fr: "fr_FR",
  de: "de_DE",
  it: "it_IT",
  es: "es_ES",
};

/**
 * Saved shopping lists and ordering from a saved list.
 *
 * A list belongs to the company, not to the person who saved it: every user of the company
 * sees every list and may delete any of them (the account screen offers "delete" on every list
 * and shows no owner; who deleted what is in the audit trail, with the list's content). Only
 * ordering from a list needs the right to buy (`shoppingLists.order`: not MARKETING).
 */
export async function registerShoppingListRoutes(
  app: FastifyInstance,
  { db }: AppContext,
): Promise<void> {
  /** The caller's list, or 404 for anything else (missing, malformed id, another company's). */
  const findList = async (q: Kysely<DB>, p: Principal, rawId: string) => {
    const id = numericId(rawId);
    const list = id === undefined ? undefined : await findCompanyList(q, p.companyId, id);
    if (!list) throw notFound();
    return list;
  };

  app.get(LISTS, async (request) => {
    const p = requirePrincipal(request);
    // Lists are few per company and the storefront asks without paging: a generous default.
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>, 100);
    const { rows, total } = await companyListsPage(db, p.companyId, { page, itemsPerPage });
    return collection(await listResources(db, rows, companyTerms(p), languageOf(request)), total);
  });

  app.get(`${LISTS}/:id`, async (request) => {
    const p = requirePrincipal(request);
    const list = await findList(db, p, (request.params as { id: string }).id);
    const [resource] = await listResources(db, [list], companyTerms(p), languageOf(request));
    return resource;
  });

  app.post(LISTS, async (request, reply) => {
    const p = requirePrincipal(request);
    const terms = companyTerms(p);
    const { name, lines } = await readNewList(db, request, terms);
    const id = await db.transaction().execute(async (tx) => {
      const listId = await insertList(
        tx,
        { companyId: p.companyId, userId: p.userId, name },
        lines,
      );
      await recordAudit(tx, {
        actor: { type: "user", id: p.userId },
        companyId: p.companyId,
        entityType: "shopping_list",
        entityId: listId,
        action: "created",
        after: { name, items: lines.map((l) => ({ variantCode: l.code, quantity: l.quantity })) },
      });
      return listId;
    });
    const row = await getList(db, id);
    const [resource] = await listResources(db, [row], terms, languageOf(request));
    return reply.code(201).header("location", listIri(id)).send(resource);
  });

  app.delete(`${LISTS}/:id`, async (request, reply) => {
    const p = requirePrincipal(request);
    const rawId = (request.params as { id: string }).id;
    await db.transaction().execute(async (tx) => {
      const list = await findList(tx, p, rawId);
      const items = await shoppingListItems(tx, list.id);
      // A colleague deleted it a moment ago: the same answer as if it had never been there.
      if ((await deleteList(tx, list.id)) !== 1) throw notFound();
      await recordAudit(tx, {
        actor: { type: "user", id: p.userId },
        companyId: p.companyId,
        entityType: "shopping_list",
        entityId: list.id,
        action: "deleted",
        before: {
          name: list.name,
          createdBy: list.shop_user_id,
          items: items.map((i) => ({ variantCode: i.variant_code, quantity: i.quantity })),
        },
      });
    });
    return reply.code(204).send();
  });

  /**
   * Puts every line of the list that can be bought into the caller's cart, found as the
   * storefront finds it (the caller's carts, newest first: the first with items, else the
   * first, else a new one). Lines that cannot go in whole are reported in `skipped` and the
   * rest still go in. One transaction: the user row is locked first so two requests of one
   * person do not both start a cart, then the cart row as every cart change does.
   */
  app.post(`${LISTS}/:id/order`, async (request) => {
    const p = requirePrincipal(request);
    requireAbility(p, "shoppingLists.order");
    new BodyReader(request.body, []).done();
    const rawId = (request.params as { id: string }).id;
    const lang = languageOf(request);
    const terms = companyTerms(p);
    const result = await db.transaction().execute(async (tx) => {
      const list = await findList(tx, p, rawId);
      await lockShopUser(tx, p.userId);
      const cart = await callerCart(tx, p.userId, CART_LOCALES[lang]);
      const [lines, inCart] = await Promise.all([
        listLinesToOrder(tx, list.id, terms.priceList, lang),
        cartLinesInOrder(tx, cart.id),
      ]);
      const catalogue = new Map<string, VariantAvailability>(
        lines.map((l) => [
          l.variant_code,
          {
            sold: l.variant_enabled && l.product_enabled && l.price !== null,
            onHand: l.on_hand,
          },
        ]),
      );
      const plan = planListOrder(
        lines.map((l) => ({ code: l.variant_code, quantity: l.quantity })),
        catalogue,
        new Map(inCart.map((i) => [i.variant_code, i.quantity])),
      );
      let position = inCart.length;
      for (const { code, quantity } of plan.set) {
        const existing = inCart.find((i) => i.variant_code === code);
        if (existing) {
          await setCartLineQuantity(tx, existing.id, quantity);
          continue;
        }
        const line = lines.find((l) => l.variant_code === code)!;
        // Prices are written as an add-to-cart writes them; recalculate settles every amount.
        await addCartLine(tx, {
          cartId: cart.id,
          variantCode: code,
          productCode: line.product_code,
          productName: line.product_name,
          variantName: line.variant_name,
          quantity,
          price: line.price!,
          rrpPrice: line.rrp_price!,
          position: position++,
        });
      }
      if (plan.set.length > 0) await recalculate(tx, cart.id);
      const skipped = plan.skipped.map((s) => {
        const line = lines.find((l) => l.variant_code === s.variantCode);
        // Named in the reader's language (decision 030); the cart line records the English.
        const name = line
          ? `${line.product_name_translated ?? line.product_name} (${line.variant_name_translated ?? line.variant_name})`
          : s.variantCode;
        return {
          variantCode: s.variantCode,
          productVariant: iri.variant(s.variantCode),
          reason: s.reason,
          message: translate(lang, `listOrder.${s.reason}`, {
            name,
            available: s.available,
            max: MAX_LINE_QUANTITY,
          }),
        };
      });
      return { cartId: cart.id, skipped };
    });
    const cart = await getOrder(db, result.cartId);
    const [resource] = await orderResources(db, [cart], languageOf(request));
    return { cart: resource, skipped: result.skipped };
  });
}

/**
 * Reads a new list: a name (blank means today's default name) and 1 to 300 lines of an
 * existing variant sold to the company with a quantity of 1 to 300; lines of one variant are
 * merged. Every violation is reported at once; nothing is written before this passes.
 */
async function readNewList(db: Kysely<DB>, request: FastifyRequest, terms: CompanyTerms) {
  const r = new BodyReader(request.body, ["name", "items"]);
  const name =
    r.string("name", { max: MAX_LIST_NAME_LENGTH }) ??
    defaultListName(new Date(), languageOf(request), headerValue(request.headers["user-timezone"]));
  const raw = r.raw("items");
  const requested: RequestedLine[] = [];
  if (raw === undefined || raw === null) {
    r.add({ propertyPath: "items", message: "field.required" });
  } else if (!Array.isArray(raw)) {
    r.add({ propertyPath: "items", message: "field.type", params: { type: "array" } });
  } else if (raw.length === 0) {
    r.add({ propertyPath: "items", message: "items.empty" });
  } else if (raw.length > MAX_LIST_LINES) {
    r.add({
      propertyPath: "items",
      message: "shoppingList.tooManyItems",
      params: { max: MAX_LIST_LINES },
    });
  } else {
    for (const [n, item] of raw.entries()) {
      const path = `items[${n}]`;
      if (item === null || typeof item !== "object" || Array.isArray(item)) {
        r.add({ propertyPath: path, message: "field.type", params: { type: "object" } });
        continue;
      }
      const line = new BodyReader(item, ["productVariant", "quantity"], path);
      const code = variantCode(line.raw("productVariant"), line.path("productVariant"));
      if ("violation" in code) line.add(code.violation);
      line.add(quantityViolation(line.raw("quantity"), line.path("quantity")));
      r.violations.push(...line.violations);
      if (line.violations.length === 0 && "code" in code)
        requested.push({
          code: code.code,
          quantity: line.raw("quantity") as number,
          path: `${path}.`,
        });
    }
  }
  const merged = mergeListLines(requested);
  r.violations.push(...merged.violations);
  const codes = merged.lines.map((l) => l.code);
  const sold = await soldVariantCodes(db, codes, terms.priceList);
  const known = new Set(sold);
  for (const line of requested) {
    if (!known.has(line.code)) {
      r.add({
        propertyPath: `${line.path}productVariant`,
        message: "variant.notFound",
        params: { code: line.code },
      });
    }
  }
  if (r.violations.length > 0) {
    r.violations.sort((a, b) => lineIndex(a.propertyPath) - lineIndex(b.propertyPath));
    throw unprocessable(r.violations);
  }
  return { name, lines: merged.lines };
}

/** A variant named by its IRI or its bare code (as the cart accepts them). */
function variantCode(
  raw: unknown,
  propertyPath: string,
): { code: string } | { violation: Violation } {
  if (raw === undefined || raw === null || raw === "")
    return { violation: { propertyPath, message: "field.required" } };
  if (typeof raw !== "string")
    return { violation: { propertyPath, message: "field.type", params: { type: "string" } } };
  const code = idFromReference(raw, "product-variants");
  if (code === undefined)
    return {
      violation: { propertyPath, message: "variant.notFound", params: { code: raw.slice(0, 255) } },
    };
  return { code };
}

function headerValue(value: string | string[] | undefined) {
  return Array.isArray(value) ? value[0] : value;
}

/** Violations of the body come first, then line by line. */
function lineIndex(path: string) {
  return Number(/^items\[(\d+)\]/.exec(path)?.[1] ?? -1);
}

type ListRow = {
  id: number;
  name: string;
  shop_user_id: number;
  created_at: Date;
};

/**
 * Lists with their lines at the company's current contract prices (volume tiers included, as in
 * the cart), in one query for all the
 * lists' lines, products and variants named in `language`. A line whose variant is no longer sold to the company keeps its place with
 * `unitPrice` null and `available` false, and adds nothing to the total.
 */
async function listResources(
  db: Kysely<DB>,
  lists: ListRow[],
  terms: CompanyTerms,
  language: Language,
) {
  if (lists.length === 0) return [];
  const rows = await listLines(
    db,
    lists.map((l) => l.id),
    terms.priceList,
    language,
  );
  // A product with several main images joins once per image: one line, every image.
  const lines = new Map<
    number,
    { row: (typeof rows)[number]; images: { type: string; path: string }[] }
  >();
  for (const row of rows) {
    const line = lines.get(row.id) ?? { row, images: [] };
    if (row.image_path) line.images.push({ type: row.image_type ?? "main", path: row.image_path });
    lines.set(row.id, line);
  }
  return lists.map((list) => {
    const items = [...lines.values()]
      .filter(({ row }) => row.shopping_list_id === list.id)
      .map(({ row, images }) => {
        const available = row.variant_enabled && row.product_enabled && row.price !== null;
        return {
          id: row.id,
          productVariant: iri.variant(row.variant_code),
          variantCode: row.variant_code,
          product: iri.product(row.product_code),
          // In the reader's language (decision 030), English where there is no translation.
          productName: row.product_name_translated ?? row.product_name,
          variantName: row.variant_name_translated ?? row.variant_name,
          quantity: row.quantity,
          productImages: images,
          // Priced as the cart prices the line: the tier of its quantity, else the entry's price.
          unitPrice: available ? (row.tier_price ?? row.price) : null,
          available,
          inStock: available && row.on_hand > 0,
        };
      });
    return {
      "@id": listIri(list.id),
      "@type": "ShoppingList",
      id: list.id,
      name: list.name,
      createdAt: new Date(list.created_at).toISOString(),
      customer: iri.customer(list.shop_user_id),
      items,
      currencyCode: terms.currencyCode,
      total: listTotal(items),
    };
  });
}
