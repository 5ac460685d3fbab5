import type { Kysely } from "kysely";
import { postalLines } from "../../rules/address.js";
import { countryName, formatDate, formatMoney } from "../../rules/format.js";
import { supportedLanguage, translate, type Language } from "../core/i18n.js";
import type { AddressSnapshot, DB } from "../db/schema.js";
import { loadOrderDocument } from "../files/invoice-data.js";
import type { InvoiceData } from "../files/invoice-pdf.js";
import { queueMail, type Mail } from "./outbox.js";

/**
 * The order confirmation (issue 30, item 11; the help FAQ promises it): to the buyer, in the
 * language they work in, when an order is placed, by invoice or by card, and also when it is
 * placed awaiting an ADMIN's approval (it says so). Plain text, like every mail of the portal:
 * the lines with quantities and prices, the totals, the purchase-order number and comment, both
 * addresses, the payment method and the link to the order in the account area. Amounts and
 * dates are written by the one formatter (rules/format.ts).
 */
export function orderConfirmationMail(
  lang: Language,
  order: InvoiceData,
  p: { to: string; name: string; brandName: string; link: string; awaitingApproval: boolean },
): Mail {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lang, `orderConfirmation.${key}`, { brand: p.brandName, ...params });
  const money = (minor: number) => formatMoney(minor, order.currencyCode, lang);
  const number = order.orderNumber;
  const date = formatDate(order.orderDate, lang, "UTC");
  const address = (a: AddressSnapshot | null) =>
    a ? postalLines(a, countryName(a.countryCode, lang)).map((line) => `  ${line}`) : ["  -"];
  const lines = order.lines.flatMap((line) => [
    `- ${line.productName} (${line.variantName}), ${line.sku}`,
    `  ${t("lineAmount", {
      quantity: line.quantity,
      price: money(line.discountedUnitPrice),
      total: money(line.total),
    })}`,
  ]);
  const discount = order.promotionTotal - Math.abs(order.manualDiscount);
  const totals = [
    `${t("subtotal")}: ${money(order.itemsSubtotal)}`,
    ...(discount !== 0
      ? [
          `${order.couponCode ? t("discountCoupon", { coupon: order.couponCode }) : t("discount")}: ${money(discount)}`,
        ]
      : []),
    `${t("shipping")}: ${money(order.shippingTotal)}`,
    `${t("tax")}: ${money(order.itemsTaxTotal + order.shippingTaxTotal)}`,
    `${t("total")}: ${money(order.total)}`,
  ];
  const method = order.paymentKind
    ? translate(lang, `paymentMethod.${order.paymentKind}`)
    : (order.paymentMethodName ?? "-");
  const terms =
    order.paymentKind === "invoice"
      ? ` (${t("invoiceTerms", { days: order.paymentTermsDays })})`
      : "";
  const text = [
    t("greeting", { name: p.name }),
    "",
    t(p.awaitingApproval ? "introAwaiting" : "intro", { number, date }),
    "",
    `${t("orderNumber")}: ${number}`,
    ...(order.poNumber ? [`${t("poNumber")}: ${order.poNumber}`] : []),
    ...(order.notes ? [`${t("comment")}: ${order.notes}`] : []),
    "",
    `${t("lines")}:`,
    ...lines,
    "",
    ...totals,
    "",
    `${t("billingAddress")}:`,
    ...address(order.billingAddress),
    `${t("shippingAddress")}:`,
    ...address(order.shippingAddress),
    "",
    `${t("paymentMethod")}: ${method}${terms}`,
    "",
    t("link", { link: p.link }),
    "",
    p.brandName,
    "",
  ].join("\n");
  return {
    kind: "order_confirmation",
    to: p.to,
    subject: t(p.awaitingApproval ? "subjectAwaiting" : "subject", { number }),
    text,
  };
}

/**
 * Queues the confirmation of an order just placed, in the caller's transaction (the mail
 * exists exactly when the order does), to the buyer in their stored language.
 */
export async function queueOrderConfirmation(
  tx: Kysely<DB>,
  placed: { token_value: string; company_id: number; shop_user_id: number; number: string | null },
  mail: { publicUrl: string; brandName: string; supportEmail: string },
  awaitingApproval: boolean,
): Promise<void> {
  const buyer = await tx
    .selectFrom("shop_users")
    .select(["email", "first_name", "last_name", "locale_code"])
    .where("id", "=", placed.shop_user_id)
    .executeTakeFirstOrThrow();
  const lang = supportedLanguage(buyer.locale_code) ?? "en";
  const order = await loadOrderDocument(
    tx,
    placed.token_value,
    placed.company_id,
    { name: mail.brandName, email: mail.supportEmail, address: [], vatId: "" },
    lang,
    { invoice: false },
  );
  const name = [buyer.first_name, buyer.last_name].filter((x) => x && x.trim() !== "").join(" ");
  await queueMail(
    tx,
    orderConfirmationMail(lang, order, {
      to: buyer.email,
      name: name || buyer.email,
      brandName: mail.brandName,
      link: `${mail.publicUrl}/shop/account/order-history?order=${encodeURIComponent(placed.number ?? "")}`,
      awaitingApproval,
    }),
  );
}
