import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findProducts } from "../../db/catalog.js";
import { variantLineName } from "../../../rules/line-name.js";
import { companyPriceList, quickOrderSampleVariants } from "../../db/quick-order.js";
import { loadInvoice } from "../../files/invoice-data.js";
import { renderInvoicePdf } from "../../files/invoice-pdf.js";
import { MEGABYTE, readUpload } from "../../files/uploads.js";
import {
  contractPriceWorkbook,
  QUICK_ORDER_LIMITS,
  quickOrderSampleWorkbook,
  readQuickOrderSheetOffThread,
  type QuickOrderLine,
  SheetError,
  XLSX_MIME,
} from "../../files/xlsx.js";
import type { Violation } from "../../../rules/violations.js";
import { checkQuickOrderLines, type QuickOrderNumbering } from "../quick-order-lines.js";
import { parsePastedLines } from "../../domain/quick-order-paste.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { can } from "../../../rules/permissions.js";
import { languageOf } from "../problem.js";
import { requireAbility } from "../../core/abilities.js";
import { pickLanguage, translate, type Language } from "../../core/i18n.js";
import { Problem, unprocessable } from "../../core/problem.js";

/** How many example rows the quick-order sample carries. */
const SAMPLE_ROWS = 3;

/**
 * File endpoints: the invoice PDF, the contract price and quick-order .xlsx exports (each in
 * the reader's language: `downloadLanguage`) and the quick-order import. The multipart endpoint
 * lives in its own plugin scope with @fastify/multipart, so every other route keeps refusing non-JSON bodies.
 * Downloads are private (`no-store`) and may be opened as plain links: the token cookie is
 * accepted on GET (see auth.ts).
 */
export async function registerFileRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const companyPrices = (companyId: number) => companyPriceList(db, companyId);

  app.get("/customer-admin/invoice/:orderToken/download", async (request, reply) => {
    const principal = requirePrincipal(request);
    const { orderToken } = request.params as { orderToken: string };
    const lang = downloadLanguage(request);
    const invoice = await loadInvoice(
      db,
      orderToken,
      principal.companyId,
      {
        name: config.brandName,
        email: config.supportEmail,
        address: config.sellerAddress.split(",").map((line) => line.trim()),
        vatId: config.sellerVatId,
      },
      lang,
    );
    // Payment amounts, due dates and methods are hidden from roles without the payments view,
    // as the API hides them (account spec 6).
    const withPayments = can(principal.roles, "account.payments");
    const pdf = await renderInvoicePdf(
      invoice,
      lang,
      (key, params) => translate(lang, key, params),
      { withPayments },
    );
    // Named in the reader's language, as the document is ("Rechnung-000100010.pdf").
    const name = translate(lang, "invoicePdf.fileName", { number: invoice.orderNumber });
    return download(reply, pdf, "application/pdf", name);
  });

  /**
   * One row per enabled variant of every enabled product, at the company's contract prices, as
   * the account area's contract price table shows it (decision 051): the variant's own code
   * (the code quick order takes), the product's name with the variant's, its price, RRP and
   * EAN.
   */
  app.get("/shop/export/xlsx/contract-price", async (request, reply) => {
    const principal = requirePrincipal(request);
    const company = await companyPrices(principal.companyId);
    const { products } = await findProducts(db, {
      page: 1,
      itemsPerPage: 100_000,
      priceList: company.price_list_code,
      language: downloadLanguage(request),
    });
    const rows = products.flatMap((p) =>
      p.variants.map((v) => ({
        code: v.code,
        productCode: p.code,
        name: variantLineName(p.name, v.name),
        price: v.price,
        rrpPrice: v.rrpPrice,
        ean: v.ean,
        currencyCode: company.currency_code,
        variants: [{ code: v.code, tiers: v.tiers }],
      })),
    );
    const lang = downloadLanguage(request);
    return download(
      reply,
      contractPriceWorkbook(rows, config.brandName, (key) => translate(lang, key)),
      XLSX_MIME,
      "contract-price.xlsx",
    );
  });

  /** The sample file of the quick-order page: part of quick order, so not for MARKETING. */
  /**
   * Checks quick-order lines typed or corrected in the table (JSON, at most 1,000): the same
   * answer as the import's, so the page shows every row's product, price, line total and
   * problems as the server judges them. Nothing is stored.
   */
  app.post("/api/v2/shop/quick-order/check", async (request) => {
    const principal = requirePrincipal(request);
    requireAbility(principal, "cart.bulkAdd");
    const lines = readCheckLines(request.body);
    const numbering = readNumbering(request.body);
    const company = await companyPrices(principal.companyId);
    return checkQuickOrderLines(db, lines, company, languageOf(request), numbering);
  });

  /**
   * Reads pasted lines ("CODE, QTY", "CODE;QTY", "CODE<tab>QTY", "CODE QTY"; at most 1,000)
   * and judges them like an upload's rows: the same answer, each line's number as its row
   * (issue 21, part 3). Nothing is stored.
   */
  app.post("/api/v2/shop/quick-order/paste", async (request) => {
    const principal = requirePrincipal(request);
    requireAbility(principal, "cart.bulkAdd");
    const text = (request.body as { text?: unknown } | null)?.text;
    if (typeof text !== "string")
      throw unprocessable([
        { propertyPath: "text", message: "field.type", params: { type: "string" } },
      ]);
    const parsed = parsePastedLines(text);
    if (parsed.refusal) {
      const { reason, ...params } = parsed.refusal;
      throw unprocessable(
        [{ propertyPath: "text", message: `quickOrderPaste.${reason}`, params }],
        "/problems/quick-order-paste",
      );
    }
    const company = await companyPrices(principal.companyId);
    return checkQuickOrderLines(
      db,
      parsed.lines.map((l) => ({
        row: l.row,
        code: l.code?.slice(0, 255) ?? null,
        quantity: l.quantity,
      })),
      company,
      languageOf(request),
      // A pasted text has lines, not a spreadsheet's rows (issue 30).
      "line",
    );
  });

  app.get("/shop/export/xlsx/quick-order", async (request, reply) => {
    const principal = requirePrincipal(request);
    requireAbility(principal, "cart.bulkAdd");
    const company = await companyPrices(principal.companyId);
    const variants = await quickOrderSampleVariants(db, company.price_list_code, SAMPLE_ROWS);
    const rows = variants.map((v, n) => ({ code: v.code, quantity: Math.min(n + 1, v.on_hand) }));
    const lang = downloadLanguage(request);
    return download(
      reply,
      quickOrderSampleWorkbook(rows, config.brandName, (key) => translate(lang, key)),
      XLSX_MIME,
      "quick-order-sample.xlsx",
    );
  });

  /** The users whose quick-order file is being read now (one each at a time). */
  const importing = new Set<number>();
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      // Per-route limits are passed to request.parts(); these only back them up.
      limits: { fileSize: QUICK_ORDER_LIMITS.maxFileBytes, files: 1, parts: 20, fields: 10 },
    });

    /**
     * Reads a quick-order sheet and answers its rows, each checked against the catalogue at
     * the company's prices: rows that can be added, and rows that cannot with the reason and
     * a translated message. Nothing is stored; the storefront adds the rows in bulk.
     */
    scope.post("/shop/import/xlsx/quick-order", async (request) => {
      const principal = requirePrincipal(request);
      requireAbility(principal, "cart.bulkAdd");
      const upload = await readUpload(request, {
        maxFileBytes: QUICK_ORDER_LIMITS.maxFileBytes,
        textFields: [],
      });
      if (upload.violations.length > 0) throw unprocessable(upload.violations);
      const file = upload.files[0];
      if (!file || (file.data.length === 0 && file.filename === ""))
        throw new Problem(400, "/problems/bad-request", "fileUpload.fileRequired");
      // One import per user at a time: each parse holds the worker (issue 32, finding C).
      if (importing.has(principal.userId))
        throw new Problem(429, "/problems/too-many-requests", "quickOrderImport.oneAtATime");
      importing.add(principal.userId);
      let lines;
      try {
        lines = await readQuickOrderSheetOffThread(file.data);
      } catch (e) {
        throw sheetProblem(e);
      } finally {
        importing.delete(principal.userId);
      }

      const company = await companyPrices(principal.companyId);
      return checkQuickOrderLines(db, lines, company, languageOf(request));
    });
  });
}

/**
 * The language of a downloaded file (decision 053): the storefront's link names the language
 * the person reads (`?locale=de`), as a plain link sends only the browser's Accept-Language;
 * else the `Locale` header, else Accept-Language, else English.
 */
function downloadLanguage(request: FastifyRequest): Language {
  const { locale } = request.query as { locale?: unknown };
  return pickLanguage(
    typeof locale === "string" ? locale : request.headers["locale"],
    request.headers["accept-language"],
  );
}

function download(reply: FastifyReply, body: Buffer, type: string, filename: string) {
  return reply
    .header("content-type", type)
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("content-length", body.length)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(body);
}

/**
 * The body of a line check: `{ lines: [{ row, product_variant_code, quantity }] }`, the
 * quantity as written (a number, a text or null), at most the rows a file may have.
 */
/** What the check's messages call a line's number: 'row' (the default) or 'line'. */
function readNumbering(body: unknown): QuickOrderNumbering {
  const numbering = (body as { numbering?: unknown } | null)?.numbering;
  if (numbering === undefined || numbering === "row" || numbering === "line")
    return numbering ?? "row";
  throw unprocessable([
    { propertyPath: "numbering", message: "field.type", params: { type: '"row" or "line"' } },
  ]);
}

function readCheckLines(body: unknown): QuickOrderLine[] {
  const raw = (body as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(raw))
    throw unprocessable([
      { propertyPath: "lines", message: "field.type", params: { type: "array" } },
    ]);
  if (raw.length > QUICK_ORDER_LIMITS.maxRows)
    throw unprocessable([
      {
        propertyPath: "lines",
        message: "items.tooMany",
        params: { max: QUICK_ORDER_LIMITS.maxRows },
      },
    ]);
  const violations: Violation[] = [];
  const lines = raw.map((item: unknown, n): QuickOrderLine => {
    const line = (item ?? {}) as Record<string, unknown>;
    const row = line.row;
    const code = line.product_variant_code;
    const quantity = line.quantity;
    if (typeof row !== "number" || !Number.isInteger(row) || row < 1 || row > 1_000_000)
      violations.push({
        propertyPath: `lines[${n}].row`,
        message: "field.type",
        params: { type: "integer" },
      });
    if (code !== null && code !== undefined && typeof code !== "string")
      violations.push({
        propertyPath: `lines[${n}].product_variant_code`,
        message: "field.type",
        params: { type: "string" },
      });
    if (
      quantity !== null &&
      quantity !== undefined &&
      typeof quantity !== "string" &&
      typeof quantity !== "number"
    )
      violations.push({
        propertyPath: `lines[${n}].quantity`,
        message: "field.type",
        params: { type: "string" },
      });
    const text = typeof code === "string" ? code.trim().slice(0, 255) : "";
    const written =
      typeof quantity === "string"
        ? quantity.trim().slice(0, 50)
        : typeof quantity === "number"
          ? quantity
          : null;
    return {
      row: row as number,
      code: text === "" ? null : text,
      quantity: written === "" ? null : written,
    };
  });
  if (violations.length > 0) throw unprocessable(violations);
  return lines;
}

/** The answer for a workbook the importer refuses: 413 for size limits, else 422 on `file`. */
function sheetProblem(e: unknown): unknown {
  if (!(e instanceof SheetError)) return e;
  switch (e.reason) {
    case "tooLarge":
      return new Problem(413, "/problems/payload-too-large", "quickOrderImport.unpackedTooLarge", {
        max: e.params.max ?? QUICK_ORDER_LIMITS.maxUncompressedBytes / MEGABYTE,
      });
    case "tooManyParts":
      return new Problem(413, "/problems/payload-too-large", "quickOrderImport.tooManyParts", {
        max: e.params.max ?? QUICK_ORDER_LIMITS.maxEntries,
      });
    case "tooManyStrings":
      return new Problem(413, "/problems/payload-too-large", "quickOrderImport.tooManyStrings", {
        max: e.params.max ?? QUICK_ORDER_LIMITS.maxStrings,
      });
    case "busy":
      return new Problem(429, "/problems/too-many-requests", "quickOrderImport.busy");
    default:
      return unprocessable(
        [{ propertyPath: "file", message: `quickOrderImport.${e.reason}`, params: e.params }],
        e.reason === "notXlsx" ? "/problems/not-xlsx" : "/problems/quick-order-file",
      );
  }
}
