import type { FastifyInstance } from "fastify";
import { recordAudit } from "../../db/audit.js";
import {
  findPriceEntries,
  findPriceEntry,
  replaceTiers,
  type PriceEntry,
} from "../../db/volume-prices.js";
import { readTiers } from "../../domain/volume-prices.js";
import { requireStaff } from "../auth.js";
import type { AppContext } from "../context.js";
import { BodyReader, paging, queryString } from "../validate.js";
import { collection } from "../../core/iri.js";
import { notFound, unprocessable } from "../../core/problem.js";

const ADMIN = "/api/v2/admin";

/** A code from the path: at most 255 characters and no NUL (which no text column compares). */
const pathCode = (value: string) => {
  if (value.length === 0 || value.length > 255 || value.includes("\0")) throw notFound();
  return value;
};

const entryIri = (priceList: string, variant: string) =>
  `${ADMIN}/price-lists/${encodeURIComponent(priceList)}/entries/${encodeURIComponent(variant)}`;

/** A contract price list entry with its volume prices, as the back office reads it. */
export function priceEntryResource(e: PriceEntry) {
  return {
    "@id": entryIri(e.priceListCode, e.variantCode),
    "@type": "PriceListEntry",
    priceList: e.priceListCode,
    currencyCode: e.currencyCode,
    variant: e.variantCode,
    variantName: e.variantName,
    product: e.productCode,
    productName: e.productName,
    price: e.price,
    originalPrice: e.originalPrice,
    rrpPrice: e.rrpPrice,
    volumePrices: e.tiers,
  };
}

/**
 * Volume prices in the back office (issue 21, part 4; decision 040), staff only: the entries
 * of a price list (searchable by variant or product code and name), one entry, and replacing
 * an entry's tiers, checked as a whole and written to the audit trail.
 */
export async function registerVolumePriceRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get(`${ADMIN}/price-lists/:code/entries`, async (request) => {
    requireStaff(request);
    const code = pathCode((request.params as { code: string }).code);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const search = queryString(q, "search", 100);
    const tiered = q["tiered"] === "true" ? true : undefined;
    const found = await findPriceEntries(db, code, { search, tiered, page, itemsPerPage });
    if (!found) throw notFound();
    return collection(found.entries.map(priceEntryResource), found.total);
  });

  app.get(`${ADMIN}/price-lists/:code/entries/:variant`, async (request) => {
    requireStaff(request);
    const params = request.params as { code: string; variant: string };
    const code = pathCode(params.code);
    const variant = pathCode(params.variant);
    const entry = await findPriceEntry(db, code, variant);
    if (!entry) throw notFound();
    return priceEntryResource(entry);
  });

  app.put(`${ADMIN}/price-lists/:code/entries/:variant/volume-prices`, async (request) => {
    const staff = requireStaff(request);
    const params = request.params as { code: string; variant: string };
    const code = pathCode(params.code);
    const variant = pathCode(params.variant);
    const r = new BodyReader(request.body, ["volumePrices"]);
    if (!r.has("volumePrices")) r.add({ propertyPath: "volumePrices", message: "field.required" });
    const { tiers, violations } = r.has("volumePrices")
      ? readTiers(r.raw("volumePrices"))
      : { tiers: [], violations: [] };
    const all = [...r.violations, ...violations];
    if (all.length > 0) throw unprocessable(all);
    await db.transaction().execute(async (tx) => {
      const before = await findPriceEntry(tx, code, variant, true);
      if (!before) throw notFound();
      await replaceTiers(tx, code, variant, tiers);
      await recordAudit(tx, {
        actor: { type: "staff", id: staff.staffId },
        companyId: null,
        entityType: "price_list_entry",
        entityId: `${code}/${variant}`,
        action: "volume_prices_changed",
        before: { price: before.price, volumePrices: before.tiers },
        after: {
          price: tiers[0]?.price ?? before.price,
          volumePrices: tiers.map((t) => ({ minQuantity: t.minQuantity, price: t.price })),
        },
      });
    });
    const entry = await findPriceEntry(db, code, variant);
    if (!entry) throw notFound();
    return priceEntryResource(entry);
  });
}
