import { fileURLToPath } from "node:url";
import {
  countryName,
  formatDate,
  formatMoney,
  formatPercent,
  localizeCountryLine,
} from "../../rules/format.js";
import { postalLines } from "../../rules/address.js";
import type { AddressSnapshot } from "../db/schema.js";

/**
 * DejaVu Sans (regular and bold, free license in fonts/LICENSE), shipped with the portal and
 * embedded as subsets: every Latin, Greek and Cyrillic letter of a name or address shows as is.
 */
const FONTS = {
  regular: fileURLToPath(new URL("./fonts/DejaVuSans.ttf", import.meta.url)),
  bold: fileURLToPath(new URL("./fonts/DejaVuSans-Bold.ttf", import.meta.url)),
};

/** Everything an invoice shows, gathered from the order (see invoice-data.ts). */
export interface InvoiceData {
  sellerName: string;
  sellerEmail: string;
  /** The seller's postal address, line by line. */
  sellerAddress: string[];
  sellerVatId: string;
  invoiceNumber: string;
  orderNumber: string;
  /** The buyer's order reference / purchase-order number (issue 21). */
  poNumber?: string | null;
  orderDate: Date;
  invoiceDate: Date;
  dueDate: Date | null;
  currencyCode: string;
  buyer: {
    name: string;
    legalName: string;
    taxNumber: string | null;
    registrationNumber: string | null;
  };
  billingAddress: AddressSnapshot | null;
  shippingAddress: AddressSnapshot | null;
  lines: {
    productName: string;
    variantName: string;
    sku: string;
    quantity: number;
    unitPrice: number;
    discountedUnitPrice: number;
    /** Net line total after the promotion (minor units). */
    total: number;
  }[];
  itemsSubtotal: number;
  couponCode: string | null;
  promotionTotal: number;
  manualDiscount: number;
  shippingTotal: number;
  shippingTaxTotal: number;
  itemsTaxTotal: number;
  /** Tax rate of the destination in basis points (1900 = 19%). */
  taxRateBp: number;
  total: number;
  balanceDue: number;
  paymentMethodName: string | null;
  paymentKind: "card" | "invoice" | null;
  paymentTermsDays: number;
  notes: string | null;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * The invoice of a placed order as a PDF (A4, DejaVu Sans embedded as subsets). Labels, dates
 * and amounts follow `language`; amounts are minor units formatted with the order's currency.
 * The document's dates are the order's, so downloading it twice gives the same invoice. Without
 * `withPayments` (roles that may not see payments) the balance due, due date, payment method
 * and terms are left out.
 */
export async function renderInvoicePdf(
  data: InvoiceData,
  language: string,
  t: Translate,
  { withPayments = true }: { withPayments?: boolean } = {},
): Promise<Buffer> {
  // One formatter for money, dates and rates everywhere (rules/format.ts, decision 053).
  const money = (minor: number) => formatMoney(minor, data.currencyCode, language);
  // UTC: the document's dates are the same wherever it is rendered.
  const date = (d: Date | null) => (d ? formatDate(d, language, "UTC") : "-");
  const rate = formatPercent(data.taxRateBp / 100, language);

  // Loaded on the first invoice: pdfkit costs ~30 MB of memory the server need not hold until then.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: {
      Title: `${t("invoicePdf.title")} ${data.invoiceNumber}`,
      Author: data.sellerName,
      Subject: `${t("invoicePdf.orderNumber")} ${data.orderNumber}`,
      CreationDate: data.invoiceDate,
      ModDate: data.invoiceDate,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const text = (s: string) => typography(s.replace(/\r/g, ""), language);
  doc.registerFont("Body", FONTS.regular);
  doc.registerFont("Body-Bold", FONTS.bold);
  const bold = () => doc.font("Body-Bold");
  const regular = () => doc.font("Body");

  // Seller (name, address, VAT id, contact) and document title.
  bold()
    .fontSize(16)
    .text(text(data.sellerName), left, 50, { width: width / 2 });
  regular().fontSize(8.5).fillColor("#555555");
  // The configured address's country line in the reader's language ("Germany" → "Deutschland").
  for (const line of data.sellerAddress)
    doc.text(text(localizeCountryLine(line, language)), { width: width / 2 });
  doc.text(text(`${t("invoicePdf.vatId")}: ${data.sellerVatId}`), { width: width / 2 });
  // The address never breaks inside (pdfkit breaks after a hyphen: "partners@lume-" / "atelier…"):
  // where the sentence does not fit on one line, the address gets a line of its own.
  const contact = text(t("invoicePdf.contact", { email: data.sellerEmail }));
  if (doc.widthOfString(contact) <= width / 2) doc.text(contact, { width: width / 2 });
  else {
    const at = contact.lastIndexOf(data.sellerEmail);
    doc.text(contact.slice(0, at).trimEnd(), { width: width / 2 });
    doc.text(data.sellerEmail, { width: width / 2, lineBreak: false });
    doc.text(contact.slice(at + data.sellerEmail.length).trim(), { width: width / 2 });
  }
  const sellerBottom = doc.y;
  doc.fillColor("#000000");
  bold()
    .fontSize(16)
    .text(text(t("invoicePdf.title").toUpperCase()), left + width / 2, 50, {
      width: width / 2,
      align: "right",
    });
  let y = 74;
  const facts: [string, string][] = [
    [t("invoicePdf.invoiceNumber"), data.invoiceNumber],
    [t("invoicePdf.orderNumber"), data.orderNumber],
    ...(data.poNumber ? [[t("invoicePdf.poNumber"), data.poNumber] as [string, string]] : []),
    [t("invoicePdf.orderDate"), date(data.orderDate)],
    [t("invoicePdf.invoiceDate"), date(data.invoiceDate)],
    ...(withPayments ? [[t("invoicePdf.dueDate"), date(data.dueDate)] as [string, string]] : []),
  ];
  // Labels end well before the values start: read aloud or copied, they never run together.
  const valueX = left + (width * 3) / 4;
  doc.fontSize(8.5);
  for (const [label, value] of facts) {
    const labelWidth = valueX - 12 - (left + width / 2);
    regular().text(text(`${label}:`), left + width / 2, y, { width: labelWidth, align: "right" });
    const labelHeight = doc.heightOfString(text(`${label}:`), { width: labelWidth });
    bold().text(text(value), valueX, y, { width: left + width - valueX });
    // A long value (a purchase-order number) or label may wrap: the next fact starts below it.
    const valueHeight = doc.heightOfString(text(value), { width: left + width - valueX });
    y += Math.max(13, labelHeight + 2, valueHeight + 2);
  }
  y = Math.max(y, sellerBottom);

  // Buyer and the two addresses, side by side.
  y = Math.max(y, doc.y) + 18;
  const column = width / 3;
  const block = (x: number, title: string, lines: string[]) => {
    bold()
      .fontSize(10)
      .text(text(title), x, y, { width: column - 10 });
    regular().fontSize(9);
    for (const line of lines) doc.text(text(line), { width: column - 10 });
    return doc.y;
  };
  const buyerLines = [
    data.buyer.name,
    ...(data.buyer.legalName && data.buyer.legalName !== data.buyer.name
      ? [data.buyer.legalName]
      : []),
    ...(data.buyer.taxNumber ? [`${t("invoicePdf.taxNumber")}: ${data.buyer.taxNumber}`] : []),
    // The register number is long: its label and the number each get a line of their own.
    ...(data.buyer.registrationNumber
      ? [`${t("invoicePdf.registrationNumber")}:`, data.buyer.registrationNumber]
      : []),
  ];
  const bottoms = [
    block(left, t("invoicePdf.buyer"), buyerLines),
    block(
      left + column,
      t("invoicePdf.billingAddress"),
      addressLines(data.billingAddress, language),
    ),
    block(
      left + 2 * column,
      t("invoicePdf.shippingAddress"),
      addressLines(data.shippingAddress, language),
    ),
  ];
  y = Math.max(...bottoms) + 20;

  // The lines.
  // The SKU goes under the product name: codes are long and must not break across lines.
  const columns = [
    { key: "product", width: 230, align: "left" as const },
    { key: "quantity", width: 50, align: "right" as const },
    { key: "unitPrice", width: 70, align: "right" as const },
    { key: "discountedUnitPrice", width: 75, align: "right" as const },
    { key: "lineTotal", width: width - 230 - 50 - 70 - 75, align: "right" as const },
  ];
  const maxY = () => doc.page.height - doc.page.margins.bottom;
  const row = (cells: string[], font: () => void, size = 8.5) => {
    font();
    doc.fontSize(size);
    const heights = cells.map((c, i) =>
      doc.heightOfString(text(c), { width: columns[i]!.width - 6 }),
    );
    const h = Math.max(...heights) + 6;
    if (y + h > maxY()) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
      font();
      doc.fontSize(size);
    }
    let x = left;
    for (const [i, c] of cells.entries()) {
      doc.text(text(c), x + 3, y + 3, { width: columns[i]!.width - 6, align: columns[i]!.align });
      x += columns[i]!.width;
    }
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor("#cccccc")
      .stroke();
  };
  const header = () => {
    row(
      columns.map((c) => t(`invoicePdf.${c.key}`)),
      bold,
      8,
    );
  };
  header();
  // "Label: CODE" on one line when it fits the column, else the code on a line of its own:
  // pdfkit would break it after a hyphen, and a code copied from two lines is not a code.
  const skuLines = (sku: string) => {
    regular();
    doc.fontSize(8.5);
    const line = `${t("invoicePdf.sku")}: ${sku}`;
    return doc.widthOfString(text(line)) <= columns[0]!.width - 6
      ? line
      : `${t("invoicePdf.sku")}:\n${sku}`;
  };
  for (const l of data.lines) {
    row(
      [
        `${
          l.variantName && l.variantName !== l.productName
            ? `${l.productName} (${l.variantName})`
            : l.productName
        }\n${skuLines(l.sku)}`,
        String(l.quantity),
        money(l.unitPrice),
        money(l.discountedUnitPrice),
        money(l.total),
      ],
      regular,
    );
  }

  // Totals, right-aligned under the table.
  const totals: [string, string, boolean][] = [
    [t("invoicePdf.itemsSubtotal"), money(data.itemsSubtotal), false],
  ];
  if (data.promotionTotal !== 0)
    totals.push([
      data.couponCode
        ? t("invoicePdf.promotionCoupon", { coupon: data.couponCode })
        : t("invoicePdf.promotion"),
      money(data.promotionTotal),
      false,
    ]);
  if (data.manualDiscount !== 0)
    totals.push([t("invoicePdf.manualDiscount"), money(-Math.abs(data.manualDiscount)), false]);
  totals.push(
    [t("invoicePdf.shipping"), money(data.shippingTotal), false],
    [t("invoicePdf.itemsTax", { rate }), money(data.itemsTaxTotal), false],
    [t("invoicePdf.shippingTax", { rate }), money(data.shippingTaxTotal), false],
    [t("invoicePdf.total"), money(data.total), true],
  );
  if (withPayments) totals.push([t("invoicePdf.balanceDue"), money(data.balanceDue), false]);
  y += 10;
  if (y + totals.length * 15 > maxY()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  for (const [label, value, strong] of totals) {
    (strong ? bold : regular)().fontSize(strong ? 11 : 9);
    doc.text(text(label), left + width / 3, y, { width: (width * 2) / 3 - 110, align: "right" });
    doc.text(text(value), left + width - 105, y, { width: 105, align: "right" });
    y += strong ? 17 : 14;
  }

  // Payment and the order comment.
  y += 12;
  const payment: string[] = [];
  // The method by its kind, in the reader's language; a kind unknown here by its stored name.
  const method = data.paymentKind ? t(`paymentMethod.${data.paymentKind}`) : data.paymentMethodName;
  if (withPayments && method) payment.push(`${t("invoicePdf.paymentMethod")}: ${method}`);
  if (withPayments)
    payment.push(
      `${t("invoicePdf.paymentTerms")}: ${
        data.paymentKind === "card"
          ? t("invoicePdf.termsCard")
          : t("invoicePdf.termsInvoice", { days: data.paymentTermsDays, date: date(data.dueDate) })
      }`,
    );
  payment.push(`${t("invoicePdf.currency")}: ${data.currencyCode}`);
  if (data.notes) payment.push(`${t("invoicePdf.notes")}: ${data.notes}`);
  regular().fontSize(9);
  if (y + 60 > maxY()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.text("", left, y);
  for (const line of payment) doc.text(text(line), left, doc.y, { width });
  doc.moveDown().text(text(t("invoicePdf.thanks")), { width });

  // Page numbers, written once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    regular()
      .fontSize(8)
      .fillColor("#555555")
      .text(
        text(
          `${data.invoiceNumber} - ${t("invoicePdf.page", { page: i + 1, pages: range.count })}`,
        ),
        left,
        doc.page.height - 35,
        { width, align: "center" },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}

/**
 * French typography (issue 30): a no-break space before ":" and a narrow no-break space before
 * ";", "?" and "!", so the sign never starts a line. Only where the sign ends a word and is
 * followed by a space or the end: "https://", "10:30" and "INV-1?x" stay as they are.
 */
export function typography(s: string, language: string): string {
  if (language !== "fr") return s;
  return s
    .replace(/([^\s\u00a0\u202f])[ \u00a0\u202f]?:(?=\s|$)/g, "$1\u00a0:")
    .replace(/([^\s\u00a0\u202f])[ \u00a0\u202f]?([;?!])(?=\s|$)/g, "$1\u202f$2");
}

/** The address block (rules/address.ts `postalLines`), then the phone number and e-mail. */
export function addressLines(a: AddressSnapshot | null, language: string): string[] {
  if (!a) return ["-"];
  return [
    // The country's name in the reader's language, not the catalogue's English name.
    ...postalLines(a, countryName(a.countryCode, language)),
    a.phoneNumber ?? "",
    a.email ?? "",
  ].filter((l) => l.trim() !== "");
}
