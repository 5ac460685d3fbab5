import type { FastifyInstance } from "fastify";

import { findProducts } from "../../db/catalog.js";
import { companyTerms } from "../../db/contract-prices.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { paging } from "../validate.js";
import { collection, iri } from "../../core/iri.js";

/** The contract price list: the catalogue at the caller's company's prices. */
export function registerContractPriceRoutes(app: FastifyInstance, { db }: AppContext): void {
  /**
   * The contract price list (account spec 2): every enabled product at the company's prices,
   * in catalogue order, paged as the product collection is. Prices (and volume prices,
   * decision 040) are the first variant's, as on a product card; `variantsData` has every
   * variant's.
   */
  app.get("/api/v2/shop/contract-prices", async (request) => {
    const p = requirePrincipal(request);
    const { page, itemsPerPage } = paging(request.query as Record<string, unknown>);
    const terms = companyTerms(p);
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
          volumePrices: first?.tiers ?? [],
          currencyCode: terms.currencyCode,
          ean: first?.ean ?? null,
          inStock: first ? first.onHand > 0 : false,
          variantsData: product.variants.map((v) => ({
            code: v.code,
            name: v.name,
            price: v.price,
            rrpPrice: v.rrpPrice,
            volumePrices: v.tiers,
            inStock: v.onHand > 0,
            ean: v.ean,
            images: v.images
              .filter((i) => i.type === "main")
              .map((i) => ({ type: i.type, path: i.path })),
          })),
        };
      }),
      total,
    );
  });
}
