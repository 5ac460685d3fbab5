import type { AddressSnapshot } from "../db/schema.js";

/** Everything an invoice shows, gathered from the order (see invoice-data.ts). */
export interface InvoiceData {
  sellerName: string;
  sellerEmail: string;
  invoiceNumber: string;
  orderNumber: string;
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
  /** Country names by code, for the addresses. */
  countryNames: Record<string, string>;
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

const BCP47: Record<string, string> = {
  en: "en-US",
  fr: "fr-FR",
  de: "de-DE",
  it: "it-IT",
  es: "es-ES",
};

/**
 * The invoice of a placed order as a PDF (A4, the standard Helvetica fonts, so nothing is
 * embedded and the file stays small). Labels, dates and amounts follow `language`; amounts are
 * minor units formatted with the order's currency. The document's dates are the order's, so
 * downloading it twice gives the same invoice.
 */
export async function renderInvoicePdf(
  data: InvoiceData,
  language: string,
  t: Translate,
): Promise<Buffer> {
  const locale = BCP47[language] ?? "en-US";
  const moneyFormat = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: data.currencyCode,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const money = (minor: number) => moneyFormat.format(minor / 100);
  const dateFormat = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: "UTC",
  });
  const date = (d: Date | null) => (d ? dateFormat.format(d) : "-");
  const rate = `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(data.taxRateBp / 100)}%`;

  // Loaded on the first invoice: pdfkit costs ~30 MB of memory the server need not hold until then.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: {
      Title: winAnsi(`${t("invoicePdf.title")} ${data.invoiceNumber}`),
      Author: winAnsi(data.sellerName),
      Subject: winAnsi(`${t("invoicePdf.orderNumber")} ${data.orderNumber}`),
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
  const text = (s: string) => winAnsi(s);
  const bold = () => doc.font("Helvetica-Bold");
  const regular = () => doc.font("Helvetica");

  // Seller and document title.
  bold()
    .fontSize(18)
    .text(text(data.sellerName), left, 50, { width: width / 2 });
  regular()
    .fontSize(9)
    .fillColor("#555555")
    .text(text(t("invoicePdf.contact", { email: data.sellerEmail })), { width: width / 2 });
  doc.fillColor("#000000");
  bold()
    .fontSize(18)
    .text(text(t("invoicePdf.title").toUpperCase()), left + width / 2, 50, {
      width: width / 2,
      align: "right",
    });
  const facts: [string, string][] = [
    [t("invoicePdf.invoiceNumber"), data.invoiceNumber],
    [t("invoicePdf.orderNumber"), data.orderNumber],
    [t("invoicePdf.orderDate"), date(data.orderDate)],
    [t("invoicePdf.invoiceDate"), date(data.invoiceDate)],
    [t("invoicePdf.dueDate"), date(data.dueDate)],
  ];
  let y = 78;
  doc.fontSize(9);
  for (const [label, value] of facts) {
    regular().text(text(`${label}:`), left + width / 2, y, { width: width / 4, align: "right" });
    bold().text(text(value), left + (width * 3) / 4 + 6, y, { width: width / 4 - 6 });
    y += 13;
  }

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
    ...(data.buyer.registrationNumber
      ? [`${t("invoicePdf.registrationNumber")}: ${data.buyer.registrationNumber}`]
      : []),
  ];
  const bottoms = [
    block(left, t("invoicePdf.buyer"), buyerLines),
    block(
      left + column,
      t("invoicePdf.billingAddress"),
      addressLines(data.billingAddress, data.countryNames),
    ),
    block(
      left + 2 * column,
      t("invoicePdf.shippingAddress"),
      addressLines(data.shippingAddress, data.countryNames),
    ),
  ];
  y = Math.max(...bottoms) + 20;

  // The lines.
  // The SKU goes under the product name: codes are long and must not break across lines.
  const columns = [
    { key: "product", width: 245, align: "left" as const },
    { key: "quantity", width: 35, align: "right" as const },
    { key: "unitPrice", width: 70, align: "right" as const },
    { key: "discountedUnitPrice", width: 75, align: "right" as const },
    { key: "lineTotal", width: width - 245 - 35 - 70 - 75, align: "right" as const },
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
  for (const l of data.lines) {
    row(
      [
        `${
          l.variantName && l.variantName !== l.productName
            ? `${l.productName} (${l.variantName})`
            : l.productName
        }\n${t("invoicePdf.sku")}: ${l.sku}`,
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
    [t("invoicePdf.balanceDue"), money(data.balanceDue), false],
  );
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
  if (data.paymentMethodName)
    payment.push(`${t("invoicePdf.paymentMethod")}: ${data.paymentMethodName}`);
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

function addressLines(a: AddressSnapshot | null, countries: Record<string, string>): string[] {
  if (!a) return ["-"];
  return [
    `${a.firstName} ${a.lastName}`,
    a.company ?? "",
    a.street,
    `${a.postcode} ${a.city}`,
    a.provinceName ?? a.provinceCode ?? "",
    countries[a.countryCode] ?? a.countryCode,
    a.phoneNumber ?? "",
    a.email ?? "",
  ].filter((l) => l.trim() !== "");
}

/** Characters of Windows-1252 above 0x7F that are not Latin-1 (the standard fonts' encoding). */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/**
 * Text the standard PDF fonts can show. They are encoded in WinAnsi (Windows-1252), and
 * pdfkit writes any other character as a wrong glyph, so narrow spaces from number formats
 * become spaces, accented letters outside the set lose their accent (ő becomes o), and
 * everything else becomes "?". Names in other scripts would need an embedded font.
 */
export function winAnsi(s: string): string {
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === "\u202f" || ch === "\u2009" || ch === "\u2007" || ch === "\t") out += " ";
    else if (ch === "\u2212") out += "-";
    else if (ch === "\n")
      out += ch; // line breaks are kept, carriage returns dropped
    else if (ch === "\r") continue;
    else {
      const plain = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += [...plain].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e)
        ? plain
        : "?";
    }
  }
  return out;
}
