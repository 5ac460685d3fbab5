import type {
  QuickOrderImport,
  QuickOrderRowCheck,
  QuickOrderRowReason,
} from "../../../machines/quick-order.machine";
import { gateway } from "../../lib/gateway";
import { call, successOf } from "../../lib/gateway-result";
import {
  QuickOrderLinesDocument,
  QuickOrderPasteDocument,
  QuickOrderProductsDocument,
  type QuickOrderNumbering,
} from "../../lib/gql/graphql";
import { restCall } from "../../lib/rest";

/** The sample file's address (account spec section 2); the token cookie signs the download. */
export const QUICK_ORDER_SAMPLE_URL = "/shop/export/xlsx/quick-order";

/**
 * The sample's link in the reader's language: a plain link sends only the browser's
 * Accept-Language, so it names the page's language (`?locale=de`), as the invoice link does.
 */
export const quickOrderSampleUrl = (language: string) =>
  `${QUICK_ORDER_SAMPLE_URL}?locale=${encodeURIComponent(language)}`;

/**
 * Sends one .xlsx to the REST import as multipart form data (files bypass the gateway, which
 * speaks JSON only) and answers its rows: those that can be added, and those that cannot with
 * the row number, reason and translated message. A refused file throws the server's problem.
 */
export async function importQuickOrderFile(
  file: File,
  language: string,
): Promise<QuickOrderImport> {
  const body = new FormData();
  body.set("file", file, file.name);
  const response = await restCall("/shop/import/xlsx/quick-order", {
    method: "POST",
    body,
    language,
  });
  const answer = (await response.json()) as Partial<QuickOrderImport>;
  return { rows: answer.rows ?? [], errors: answer.errors ?? [] };
}

/**
 * Pasted lines read and judged by the server through the gateway (issue 21, part 3), in the
 * import's shape so the table fills the same way; a refusal (over 1,000 lines, nothing to
 * read) throws the server's message (a Refusal, src/lib/gateway-result.ts).
 */
export async function readPastedLines(text: string): Promise<QuickOrderImport> {
  const answer = await call(async () =>
    successOf(
      (await gateway(QuickOrderPasteDocument, { text })).quickOrderPaste,
      "QuickOrderPasted",
    ),
  );
  const result: QuickOrderImport = { rows: [], errors: [] };
  for (const line of answer.lines) {
    const product = line.product && {
      code: line.product.variantCode,
      name: line.product.name,
      variant_name: line.product.variantName,
      image: line.product.image ?? null,
      unit_price: line.product.unitPrice,
      currency_code: line.product.currencyCode,
    };
    const first = line.problems[0];
    if (!first)
      result.rows.push({
        row: line.row,
        product_variant_code: line.code ?? "",
        quantity: Number(line.quantity),
        product,
        line_total: line.lineTotal ?? null,
      });
    else
      result.errors.push({
        row: line.row,
        product_variant_code: line.code ?? null,
        quantity: line.quantity ?? null,
        reason: first.reason as QuickOrderImport["errors"][number]["reason"],
        message: first.message,
        problems: line.problems.map((p) => ({
          field: p.field,
          reason: p.reason as QuickOrderImport["errors"][number]["reason"],
          message: p.message,
          variants: p.variants,
        })),
        product,
      });
  }
  return result;
}

/**
 * The server's check of one row as it stands (through the gateway): its product in the buyer's
 * language, image, contract unit price and line total, or its problems. The quantity goes as
 * written; the server judges it. `numbering` says what its messages call the row's number: a
 * sheet's row, or a pasted or typed line (issue 30).
 */
export async function checkQuickOrderRow(
  line: { row: number; code: string | null; quantity: string },
  numbering: QuickOrderNumbering,
): Promise<QuickOrderRowCheck> {
  const data = await gateway(QuickOrderLinesDocument, { lines: [line], numbering });
  const checked = data.quickOrderLines[0];
  if (!checked) throw new Error("");
  const p = checked.product;
  return {
    row: checked.row,
    product: p
      ? {
          code: p.variantCode,
          name: p.name,
          variantName: p.variantName,
          image: p.image ?? null,
          unitPrice: p.unitPrice,
          currencyCode: p.currencyCode,
        }
      : null,
    lineTotal: checked.lineTotal ?? null,
    problems: checked.problems.map((x) => ({
      field: x.field,
      reason: x.reason as QuickOrderRowReason,
      message: x.message,
      variants: x.variants,
    })),
  };
}

/** A product variant a row may take, as the picker lists it. */
export interface VariantOption {
  value: string;
  label: string;
  disabled: boolean;
}

/** Variants of the products whose code, name or variant code matches the search. */
export async function searchVariants(search: string): Promise<VariantOption[]> {
  const data = await gateway(QuickOrderProductsDocument, { search, perPage: 10 });
  return data.products.items.flatMap((product) =>
    product.variants.map((variant) => ({
      value: variant.code,
      label: `${product.name} – ${variant.name} (${variant.code})`,
      disabled: !variant.inStock,
    })),
  );
}

/** What the quick order needs of the app's cart actor (contract of the cart feature). */
export interface CartActorLike {
  send: (event: {
    type: "cart.bulkAdd";
    items: { variantCode: string; quantity: number }[];
    requestId: string;
    silent: boolean;
  }) => void;
  subscribe: (listener: (snapshot: CartSnapshotLike) => void) => { unsubscribe: () => void };
  getSnapshot: () => CartSnapshotLike;
}
interface CartSnapshotLike {
  context: {
    lastOutcome: { requestId: string | null; ok: boolean; message: string | null } | null;
  };
}

/**
 * Asks the cart actor for one bulk add of every row and settles with its outcome: the actor
 * runs cart changes one at a time, so the answer is found by this request's id. Silent: the
 * quick-order page reports the result itself. Rejects with the server's detail.
 */
export function bulkAddThroughCart(
  cart: CartActorLike,
  items: { variantCode: string; quantity: number }[],
): Promise<void> {
  const requestId = `quick-order-${crypto.randomUUID()}`;
  return new Promise((resolve, reject) => {
    const subscription = cart.subscribe((snapshot) => {
      const outcome = snapshot.context.lastOutcome;
      if (outcome?.requestId !== requestId) return;
      subscription.unsubscribe();
      if (outcome.ok) resolve();
      else reject({ message: outcome.message ?? "" });
    });
    cart.send({ type: "cart.bulkAdd", items, requestId, silent: true });
  });
}
