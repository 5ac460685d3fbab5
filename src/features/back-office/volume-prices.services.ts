import { staffFetch } from "../../lib/staff-session";

/** A volume price as the back office reads it (decision 040). */
export interface VolumePriceTier {
  minQuantity: number;
  maxQuantity: number | null;
  price: number;
}

/** A contract price list entry (`GET /api/v2/admin/price-lists/{code}/entries`). */
export interface PriceEntry {
  priceList: string;
  currencyCode: string;
  variant: string;
  variantName: string;
  product: string;
  productName: string;
  price: number;
  volumePrices: VolumePriceTier[];
}

/** The price lists the companies buy from (staff read them from the companies). */
export async function fetchPriceLists(token: string, language: string): Promise<string[]> {
  const body = await staffFetch(token, language, "/companies?itemsPerPage=1000");
  const members = (body["hydra:member"] ?? []) as { priceListCode?: string }[];
  return [...new Set(members.flatMap((c) => (c.priceListCode ? [c.priceListCode] : [])))].sort();
}

/** A page of a price list's entries, searched and optionally only those with tiers. */
export async function fetchEntries(
  token: string,
  language: string,
  priceList: string,
  o: { search: string; tiered: boolean },
): Promise<{ entries: PriceEntry[]; total: number }> {
  const q = new URLSearchParams({ itemsPerPage: "50" });
  if (o.search.trim()) q.set("search", o.search.trim());
  if (o.tiered) q.set("tiered", "true");
  const body = await staffFetch(
    token,
    language,
    `/price-lists/${encodeURIComponent(priceList)}/entries?${q.toString()}`,
  );
  return {
    entries: (body["hydra:member"] ?? []) as PriceEntry[],
    total: Number(body["hydra:totalItems"] ?? 0),
  };
}

/** Replaces an entry's volume prices; the server checks them and answers the entry. */
export async function saveVolumePrices(
  token: string,
  language: string,
  entry: Pick<PriceEntry, "priceList" | "variant">,
  volumePrices: { minQuantity: number | null; price: number | null }[],
): Promise<PriceEntry> {
  return (await staffFetch(
    token,
    language,
    `/price-lists/${encodeURIComponent(entry.priceList)}/entries/${encodeURIComponent(entry.variant)}/volume-prices`,
    { method: "PUT", json: { volumePrices } },
  )) as unknown as PriceEntry;
}
