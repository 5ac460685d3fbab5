import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  countVariants,
  findProduct,
  findProducts,
  findVariants,
  type ProductView,
  type VariantView,
} from "../../db/catalog.js";
import { findTaxon, listTaxons, productsOfTaxons, type TaxonRow } from "../../db/taxons.js";
import type { AppContext } from "../context.js";
import { paging, queryString } from "../validate.js";
import { pickLanguage, supportedLanguage, type Language } from "../../core/i18n.js";
import { collection, idFromReference, iri } from "../../core/iri.js";
import { notFound } from "../../core/problem.js";
import { answerFromCache, CatalogueCache } from "../catalogue-cache.js";

type Query = Record<string, unknown>;

/**
 * The catalogue is readable without signing in (the landing page shows bestsellers and the
 * public catalogue); prices are the caller's contract prices and are null for visitors. Every
 * answer comes from the process's catalogue cache while the catalogue version has not moved
 * (decision 046).
 */
export function registerCatalogRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const cache = new CatalogueCache(config.catalogueCacheBytes);
  app.decorate("catalogueCache", cache);
  /** `what`: the route and the parameters it read, normalised (the cache key's last part). */
  const cached = (
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    what: unknown[],
    read: () => Promise<unknown>,
  ) => answerFromCache(request, reply, cache, db, language, JSON.stringify(what), read);

  app.get("/api/v2/shop/products", async (request, reply) => {
    const q = request.query as Query;
    const language = catalogueLanguage(request, reply);
    const { page, itemsPerPage } = paging(q);
    const taxonCode = queryString(q, "productTaxons.taxon.code");
    const codeOrName = queryString(q, "codeOrName")?.trim();
    const codes = codeList(q["code[]"] ?? q.code);
    // The caller's price list and currency come with the principal (server/http/auth.ts).
    const prices = request.principal;
    const what = ["products", taxonCode, codeOrName, codes, page, itemsPerPage];
    return cached(request, reply, language, what, async () => {
      const { products, total } = await findProducts(db, {
        taxonCode,
        codeOrName: codeOrName === "" ? undefined : codeOrName,
        codes,
        page,
        itemsPerPage,
        priceList: prices?.priceListCode,
        language,
      });
      return collection(
        products.map((p) => productResource(p, prices?.currencyCode)),
        total,
      );
    });
  });

  app.get("/api/v2/shop/products/:code", async (request, reply) => {
    const { code } = request.params as { code: string };
    const language = catalogueLanguage(request, reply);
    const prices = request.principal;
    return cached(request, reply, language, ["product", code], async () => {
      const product = await findProduct(db, code, prices?.priceListCode, language);
      if (!product) throw notFound();
      return productResource(product, prices?.currencyCode);
    });
  });

  app.get("/api/v2/shop/product-variants", async (request, reply) => {
    const q = request.query as Query;
    const language = catalogueLanguage(request, reply);
    const { page, itemsPerPage } = paging(q);
    const product = queryString(q, "product", 512);
    const productCode = product === undefined ? undefined : idFromReference(product, "products");
    // A product filter that names no product matches nothing; it is not "no filter".
    if (product !== undefined && productCode === undefined) return collection([], 0);
    const codes = codeList(q["code[]"] ?? q.code);
    const prices = request.principal;
    const productCodes = productCode === undefined ? undefined : [productCode];
    const what = ["variants", productCodes, codes, page, itemsPerPage];
    return cached(request, reply, language, what, async () => {
      const variants = await findVariants(
        db,
        { productCodes, codes, page, itemsPerPage },
        prices?.priceListCode,
        language,
      );
      const total = await countVariants(db, { productCodes, codes });
      return collection(
        variants.map((v) => variantResource(v, prices?.currencyCode)),
        total,
      );
    });
  });

  app.get("/api/v2/shop/product-variants/:code", async (request, reply) => {
    const { code } = request.params as { code: string };
    const language = catalogueLanguage(request, reply);
    const prices = request.principal;
    return cached(request, reply, language, ["variant", code], async () => {
      const [variant] = await findVariants(db, { codes: [code] }, prices?.priceListCode, language);
      if (!variant) throw notFound();
      return variantResource(variant, prices?.currencyCode);
    });
  });

  app.get("/api/v2/shop/taxons", async (request, reply) => {
    const { page, itemsPerPage } = paging(request.query as Query, 9999);
    const language = catalogueLanguage(request, reply);
    return cached(request, reply, language, ["taxons", page, itemsPerPage], async () => {
      const rows = await listTaxons(db, language);
      const resources = await taxonResources(rows);
      return collection(
        resources.slice((page - 1) * itemsPerPage, page * itemsPerPage),
        resources.length,
      );
    });
  });

  app.get("/api/v2/shop/taxons/:code", async (request, reply) => {
    const { code } = request.params as { code: string };
    const language = catalogueLanguage(request, reply);
    return cached(request, reply, language, ["taxon", code], async () => {
      const row = await findTaxon(db, code, language);
      if (!row) throw notFound();
      return taxonResource(
        row,
        row.children.map((c) => c.code),
        row.products.map((p) => p.product_code),
      );
    });
  });

  /** Children and products of all the given taxons (every taxon of the listing) in one query. */
  async function taxonResources(rows: TaxonRow[]) {
    const products = await productsOfTaxons(
      db,
      rows.map((r) => r.code),
    );
    return rows.map((t) =>
      taxonResource(
        t,
        rows.filter((c) => c.parent_code === t.code).map((c) => c.code),
        products.filter((p) => p.taxon_code === t.code).map((p) => p.product_code),
      ),
    );
  }
}

/**
 * The language of the catalogue texts (decision 030): Sylius's `localeCode` query parameter
 * (`de_DE` or `de`), else the `Locale` header the storefront and the gateway send, else
 * `Accept-Language`, else English. The answer varies with those headers, and says so.
 */
export function catalogueLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  reply.header("vary", "Locale, Accept-Language");
  const localeCode = queryString(request.query as Query, "localeCode", 16);
  return (
    supportedLanguage(localeCode) ??
    pickLanguage(request.headers["locale"], request.headers["accept-language"])
  );
}

function taxonResource(t: TaxonRow, children: string[], products: string[]) {
  return {
    "@id": iri.taxon(t.code),
    "@type": "Taxon",
    code: t.code,
    name: t.name,
    description: t.description,
    position: t.position,
    parent: t.parent_code ? iri.taxon(t.parent_code) : null,
    images: t.image_path ? [{ type: "main", path: t.image_path }] : [],
    children: children.map((c) => iri.taxon(c)),
    associatedProducts: products.map((p) => iri.product(p)),
  };
}

function codeList(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]).filter(
    (v): v is string => typeof v === "string",
  );
  return list
    .flatMap((v) => v.split(","))
    .filter((v) => v.length > 0 && v.length <= 255)
    .slice(0, 9999);
}

export function variantResource(v: VariantView, currencyCode: string | undefined) {
  return {
    "@id": iri.variant(v.code),
    "@type": "ProductVariant",
    code: v.code,
    name: v.name,
    product: iri.product(v.productCode),
    ean: v.ean,
    price: v.price,
    originalPrice: v.originalPrice,
    rrpPrice: v.rrpPrice,
    volumePrices: v.tiers,
    currencyCode: currencyCode ?? null,
    inStock: v.onHand > 0,
    weight: v.weightGrams,
    images: v.images,
  };
}

export function productResource(p: ProductView, currencyCode: string | undefined) {
  const first = p.variants[0];
  return {
    "@id": iri.product(p.code),
    "@type": "Product",
    id: p.code,
    code: p.code,
    name: p.name,
    slug: p.slug,
    description: p.description,
    images: p.images,
    mainTaxon: p.mainTaxon ? iri.taxon(p.mainTaxon) : null,
    productTaxons: p.taxons.map((t) => iri.taxon(t)),
    associations: p.related.length
      ? [{ type: "related", associatedProducts: p.related.map((c) => iri.product(c)) }]
      : [],
    defaultVariant: first ? iri.variant(first.code) : null,
    variants: p.variants.map((v) => iri.variant(v.code)),
    ean: first?.ean ?? null,
    variantsData: p.variants.map((v) => ({
      code: v.code,
      name: v.name,
      price: v.price,
      originalPrice: v.originalPrice,
      rrpPrice: v.rrpPrice,
      volumePrices: v.tiers,
      currencyCode: currencyCode ?? null,
      inStock: v.onHand > 0,
      ean: v.ean,
      images: v.images,
    })),
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The catalogue answers this process holds (its size is on /health for this machine). */
    catalogueCache: CatalogueCache;
  }
}
