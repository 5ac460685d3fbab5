import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";

import { findProducts } from "../../db/catalog.js";
import { recordAudit } from "../../db/audit.js";
import { recalculate, startCart, type Tx } from "../../db/orders.js";
import type { DB } from "../../db/schema.js";
import { MAX_LINE_QUANTITY, quantityViolation } from "../../domain/quantity.js";
import {
  defaultListName,
  listTotal,
  MAX_LIST_LINES,
  MAX_LIST_NAME_LENGTH,
  mergeListLines,
  planListOrder,
  type RequestedLine,
  type VariantAvailability,
} from "../../domain/shopping-lists.js";
import type { Violation } from "../../domain/violations.js";
import { requireAbility, requirePrincipal, type Principal } from "../auth.js";
import type { AppContext } from "../context.js";
import { translate, type Language } from "../i18n.js";
import { collection, idFromReference, iri, numericId } from "../iri.js";
import { orderResources } from "../order-resource.js";
import { languageOf, notFound, unprocessable } from "../problem.js";
import { BodyReader, paging } from "../validate.js";

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

interface CompanyTerms {
  priceList: string;
  currencyCode: string;
}

async function companyTerms(db: Kysely<DB>, companyId: number): Promise<CompanyTerms> {
  const c = await db
    .selectFrom("companies")
    .select(["price_list_code", "currency_code"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return { priceList: c.price_list_code, currencyCode: c.currency_code };
}

/**
 * Saved shopping lists, the contract price list, and ordering from a saved list.
 *
 * A list belongs to the company, not to the person who saved it: every user of the company
 * sees every list and may delete any of them (the account screen offers "delete" on every list
 * and shows no owner; who deleted what is in the audit trail, with the list's content). Only
 * ordering from a list needs the right to buy (`savedLists.order`: not MARKETING).
 */
export async function registerListRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  /** The caller's list, or 404 for anything else (missing, malformed id, another company's). */
  const findList = async (q: Kysely<DB>, p: Principal, rawId: string) => {
    const id = numericId(rawId);
    const list =
      id === undefined
        ? undefined
        : await q
            .selectFrom("shopping_lists")
            .selectAll()
            .where("id", "=", id)
            .where("company_id", "=", p.companyId)
            .executeTakeFirst();
    if (!list) throw notFound();
    return list;
  };

  app.get(LISTS, async (request) => {
    const p = requirePrincipal(request);
    // Lists are few per company and the storefront asks without paging: a generous default.
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>, 100);
    const base = db.selectFrom("shopping_lists").where("company_id", "=", p.companyId);
    const [count, rows, terms] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage)
        .execute(),
      companyTerms(db, p.companyId),
    ]);
    return collection(await listResources(db, rows, terms, languageOf(request)), Number(count.n));
  });

  app.get(`${LISTS}/:id`, async (request) => {
    const p = requirePrincipal(request);
    const list = await findList(db, p, (request.params as { id: string }).id);
    const [resource] = await listResources(
      db,
      [list],
      await companyTerms(db, p.companyId),
      languageOf(request),
    );
    return resource;
  });

  app.post(LISTS, async (request, reply) => {
    const p = requirePrincipal(request);
    const terms = await companyTerms(db, p.companyId);
    const { name, lines } = await readNewList(db, request, terms);
    const id = await db.transaction().execute(async (tx) => {
      const list = await tx
        .insertInto("shopping_lists")
        .values({ company_id: p.companyId, shop_user_id: p.userId, name })
        .returning("id")
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("shopping_list_items")
        .values(
          lines.map((l, position) => ({
            shopping_list_id: list.id,
            variant_code: l.code,
            quantity: l.quantity,
            position,
          })),
        )
        .execute();
      await recordAudit(tx, {
        actor: { type: "user", id: p.userId },
        companyId: p.companyId,
        entityType: "shopping_list",
        entityId: list.id,
        action: "created",
        after: { name, items: lines.map((l) => ({ variantCode: l.code, quantity: l.quantity })) },
      });
      return list.id;
    });
    const row = await db
      .selectFrom("shopping_lists")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const [resource] = await listResources(db, [row], terms, languageOf(request));
    return reply.code(201).header("location", listIri(id)).send(resource);
  });

  app.delete(`${LISTS}/:id`, async (request, reply) => {
    const p = requirePrincipal(request);
    const rawId = (request.params as { id: string }).id;
    await db.transaction().execute(async (tx) => {
      const list = await findList(tx, p, rawId);
      const items = await tx
        .selectFrom("shopping_list_items")
        .select(["variant_code", "quantity"])
        .where("shopping_list_id", "=", list.id)
        .orderBy("position")
        .orderBy("id")
        .execute();
      const deleted = await tx
        .deleteFrom("shopping_lists")
        .where("id", "=", list.id)
        .executeTakeFirst();
      // A colleague deleted it a moment ago: the same answer as if it had never been there.
      if (Number(deleted.numDeletedRows) !== 1) throw notFound();
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
    requireAbility(p, "savedLists.order");
    new BodyReader(request.body, []).done();
    const rawId = (request.params as { id: string }).id;
    const lang = languageOf(request);
    const terms = await companyTerms(db, p.companyId);
    const result = await db.transaction().execute(async (tx) => {
      const list = await findList(tx, p, rawId);
      await tx
        .selectFrom("shop_users")
        .select("id")
        .where("id", "=", p.userId)
        .forNoKeyUpdate()
        .execute();
      const cart = await callerCart(tx, p, CART_LOCALES[lang]);
      const [lines, inCart] = await Promise.all([
        tx
          .selectFrom("shopping_list_items as i")
          .innerJoin("product_variants as v", "v.code", "i.variant_code")
          .innerJoin("products as p", "p.code", "v.product_code")
          .leftJoin("variant_prices as vp", (j) =>
            j
              .onRef("vp.variant_code", "=", "i.variant_code")
              .on("vp.price_list_code", "=", terms.priceList),
          )
          .leftJoin("product_translations as pt", (j) =>
            j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", lang),
          )
          .leftJoin("product_variant_translations as vt", (j) =>
            j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", lang),
          )
          .select([
            "i.variant_code",
            "i.quantity",
            "v.name as variant_name",
            "v.product_code",
            "v.on_hand",
            "v.enabled as variant_enabled",
            "p.name as product_name",
            "p.enabled as product_enabled",
            "pt.name as product_name_translated",
            "vt.name as variant_name_translated",
            "vp.price",
            "vp.rrp_price",
          ])
          .where("i.shopping_list_id", "=", list.id)
          .orderBy("i.position")
          .orderBy("i.id")
          .execute(),
        tx
          .selectFrom("order_items")
          .select(["id", "variant_code", "quantity"])
          .where("order_id", "=", cart.id)
          .execute(),
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
          await tx
            .updateTable("order_items")
            .set({ quantity })
            .where("id", "=", existing.id)
            .execute();
          continue;
        }
        const line = lines.find((l) => l.variant_code === code)!;
        // Prices are written as an add-to-cart writes them; recalculate settles every amount.
        await tx
          .insertInto("order_items")
          .values({
            order_id: cart.id,
            variant_code: code,
            product_code: line.product_code,
            product_name: line.product_name,
            variant_name: line.variant_name,
            quantity,
            unit_price: line.price!,
            original_unit_price: line.rrp_price!,
            discounted_unit_price: line.price!,
            subtotal: line.price! * quantity,
            total: line.price! * quantity,
            position: position++,
          })
          .execute();
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
    const cart = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", result.cartId)
      .executeTakeFirstOrThrow();
    const [resource] = await orderResources(db, [cart], languageOf(request));
    return { cart: resource, skipped: result.skipped };
  });

  /**
   * The contract price list (account spec 2): every enabled product at the company's prices,
   * in catalogue order, paged as the product collection is. Prices are the first variant's,
   * as on a product card; `variantsData` has every variant's.
   */
  app.get("/api/v2/shop/contract-prices", async (request) => {
    const p = requirePrincipal(request);
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>);
    const terms = await companyTerms(db, p.companyId);
    const { products, total } = await findProducts(db, {
      page,
      itemsPerPage,
      priceList: terms.priceList,
      language: languageOf(request),
    });
    return collection(
      products.map((product) => {
        const first = product.variants[0];
        const main = product.images.filter((i) => i.type === "main");
        return {
          "@id": iri.product(product.code),
          "@type": "ContractPrice",
          code: product.code,
          name: product.name,
          image: main[0]?.path ?? null,
          images: main.map((i) => ({ type: i.type, path: i.path })),
          price: first?.price ?? null,
          rrpPrice: first?.rrpPrice ?? null,
          currencyCode: terms.currencyCode,
          ean: first?.ean ?? null,
          inStock: first ? first.onHand > 0 : false,
          variantsData: product.variants.map((v) => ({
            code: v.code,
            name: v.name,
            price: v.price,
            rrpPrice: v.rrpPrice,
            inStock: v.onHand > 0,
            ean: v.ean,
          })),
        };
      }),
      total,
    );
  });
}

/** The caller's cart as the storefront chooses it, locked; a new one when there is none. */
async function callerCart(tx: Tx, p: Principal, localeCode: string) {
  const carts = await tx
    .selectFrom("orders")
    .selectAll()
    .where("state", "=", "cart")
    .where("shop_user_id", "=", p.userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .forUpdate()
    .execute();
  return (
    carts.find((c) => c.items_total > 0) ?? carts[0] ?? (await startCart(tx, p.userId, localeCode))
  );
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
    defaultListName(new Date(), headerValue(request.headers["user-timezone"]));
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
  const sold =
    codes.length === 0
      ? []
      : await db
          .selectFrom("product_variants as v")
          .innerJoin("products as p", "p.code", "v.product_code")
          .innerJoin("variant_prices as vp", (j) =>
            j
              .onRef("vp.variant_code", "=", "v.code")
              .on("vp.price_list_code", "=", terms.priceList),
          )
          .select("v.code")
          .where("v.code", "in", codes)
          .where("v.enabled", "=", true)
          .where("p.enabled", "=", true)
          .execute();
  const known = new Set(sold.map((v) => v.code));
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
 * Lists with their lines at the company's current contract prices, in one query for all the
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
  const rows = await db
    .selectFrom("shopping_list_items as i")
    .innerJoin("product_variants as v", "v.code", "i.variant_code")
    .innerJoin("products as p", "p.code", "v.product_code")
    .leftJoin("variant_prices as vp", (j) =>
      j
        .onRef("vp.variant_code", "=", "i.variant_code")
        .on("vp.price_list_code", "=", terms.priceList),
    )
    .leftJoin("product_images as img", (j) =>
      j.onRef("img.product_code", "=", "p.code").on("img.type", "=", "main"),
    )
    .leftJoin("product_translations as pt", (j) =>
      j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", language),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
    )
    .select([
      "i.id",
      "i.shopping_list_id",
      "i.variant_code",
      "i.quantity",
      "v.name as variant_name",
      "v.product_code",
      "v.on_hand",
      "v.enabled as variant_enabled",
      "p.name as product_name",
      "p.enabled as product_enabled",
      "pt.name as product_name_translated",
      "vt.name as variant_name_translated",
      "vp.price",
      "img.type as image_type",
      "img.path as image_path",
    ])
    .where(
      "i.shopping_list_id",
      "in",
      lists.map((l) => l.id),
    )
    .orderBy("i.shopping_list_id")
    .orderBy("i.position")
    .orderBy("i.id")
    .orderBy("img.position")
    .orderBy("img.id")
    .execute();
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
          unitPrice: available ? row.price : null,
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
