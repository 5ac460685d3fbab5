import type { VariantNow } from "../../../machines/reorder.machine";
import { gateway } from "../../lib/gateway";
import { gatewayHeaders } from "../../lib/graphql-client";
import {
  OrderHistoryDocument,
  ProductVariantsDocument,
  StockCheckDocument,
  type OrderHistoryQuery,
} from "../../lib/gql/graphql";

export type HistoryOrder = OrderHistoryQuery["orders"]["items"][number];

/**
 * The invoice of an order (account spec 2), in the language the buyer reads: the link names it,
 * so a link opened in a new tab (no Locale header) gets it too.
 */
export const invoiceUrl = (orderToken: string, language: string) =>
  `/customer-admin/invoice/${encodeURIComponent(orderToken)}/download?locale=${encodeURIComponent(language)}`;

/** The contract price list as a workbook (account spec 2). */
export const CONTRACT_PRICE_EXPORT_URL = "/shop/export/xlsx/contract-price";

/** The largest page the gateway serves; the history is read page by page up to the end. */
const PAGE = 100;

/**
 * Every placed order of the company, newest first. The order history and the payments table
 * show them all (a company has dozens, not thousands), so both views filter and sort locally.
 * With `search`, only the orders whose purchase-order or order number contains it (the server
 * searches: issue 21).
 */
export async function loadAllOrders(search?: string): Promise<HistoryOrder[]> {
  const all: HistoryOrder[] = [];
  const wanted = search?.trim() || undefined;
  for (let page = 1; ; page++) {
    const { orders } = await gateway(OrderHistoryDocument, {
      page,
      perPage: PAGE,
      ...(wanted ? { search: wanted } : {}),
    });
    all.push(...orders.items);
    if (orders.items.length < PAGE || all.length >= orders.totalItems) return all;
  }
}

/**
 * Today's price and stock of the given variants (the reorder preview): with `wanted` (the
 * quantity of each code), how many of it a cart line could take now, as the server checks it.
 */
export async function loadVariantsNow(
  codes: string[],
  wanted: Record<string, number> = {},
): Promise<VariantNow[]> {
  const found: VariantNow[] = [];
  for (let i = 0; i < codes.length; i += PAGE) {
    const page = codes.slice(i, i + PAGE);
    const items = page.flatMap((code) =>
      wanted[code] !== undefined ? [{ variantCode: code, quantity: wanted[code] }] : [],
    );
    const [{ productVariants }, stock] = await Promise.all([
      gateway(ProductVariantsDocument, { codes: page }),
      items.length > 0
        ? gateway(StockCheckDocument, { items }).then((r) => r.stockCheck)
        : Promise.resolve([]),
    ]);
    const available = new Map(stock.map((s) => [s.variantCode, s.available]));
    found.push(
      ...productVariants.map((v) => ({
        variantCode: v.code,
        price: v.price ?? null,
        inStock: v.inStock,
        available: available.get(v.code) ?? null,
      })),
    );
  }
  return found;
}

/** The file name of a Content-Disposition header, if it names one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads a private file (invoice, export) with the session cookie and saves it under the
 * server's file name. Throws the server's detail (or null) when refused.
 */
export async function downloadFile(url: string, fallbackName: string, language: string) {
  const headers = gatewayHeaders(null, language);
  const response = await fetch(url, { headers, credentials: "same-origin" });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    throw new Error(typeof body?.detail === "string" ? body.detail : "");
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileNameOf(response.headers.get("content-disposition"), fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the file once the click ran; the URL can go.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
