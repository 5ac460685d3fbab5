import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../fixtures/files/pdf-text.js";
import { typography } from "../../server/files/invoice-pdf.js";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const url = (token: string) => `/customer-admin/invoice/${token}/download`;
const euro = (minor: number, locale = "en-US") =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" })
    .format(minor / 100)
    .replace(/[\u00a0\u202f]/g, " ");

describe.each(backends)("invoice PDF on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  /** A placed order of a company, by its seeded position (oldest first). */
  async function placed(companyId: number, state?: string) {
    let q = t.db
      .selectFrom("orders")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("state", "!=", "cart")
      .where("parent_order_id", "is", null);
    if (state) q = q.where("state", "=", state);
    return q.orderBy("id").executeTakeFirstOrThrow();
  }

  async function download(token: string, as: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: "GET",
      url: url(token),
      headers: { authorization: `Bearer ${await t.token(as)}`, ...headers },
    });
  }

  it("serves a real PDF invoice with the order's figures", async () => {
    const order = await placed(1, "completed");
    const res = await download(order.token_value, USERS.spaAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="invoice-${order.number}.pdf"`,
    );
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const { pages } = await pdfText(res.rawPayload);
    const text = pages.flat().join("\n");
    expect(text).toContain("Lumé Atelier");
    expect(text).toContain(`INV-${order.number}`);
    expect(text).toContain(order.number!);
    expect(text).toContain("Demo Spa GmbH");
    expect(text).toContain("Demo Spa Wellness GmbH");
    expect(text).toContain("VAT number: DE123456789");
    expect(text).toContain("Friedrichstraße 120");
    expect(text).toContain("Jungfernstieg 7");
    expect(text).toContain(euro(order.total));
    expect(text).toContain(euro(order.items_subtotal));
    expect(text).toContain(euro(order.shipping_total));
    expect(text).toContain(euro(order.tax_total));
    expect(text).toContain("Tax on items (19%)");
    expect(text).toContain("Tax on shipping (19%)");
    expect(text).toContain("Currency: EUR");
    const items = await t.db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .execute();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(text).toContain(`SKU: ${item.variant_code}`);
      expect(text).toContain(euro(item.unit_price));
      expect(text).toContain(euro(item.total));
    }
    const payment = await t.db
      .selectFrom("payments")
      .innerJoin("payment_methods", "payment_methods.code", "payments.method_code")
      .select(["payment_methods.name"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(text).toContain(`Payment method: ${payment.name}`);
  });

  it("shows the promotion with its coupon code", async () => {
    const order = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("company_id", "=", 1)
      .where("coupon_code", "is not", null)
      .where("state", "!=", "cart")
      .executeTakeFirstOrThrow();
    const { pages } = await pdfText((await download(order.token_value, USERS.spaBuyer)).rawPayload);
    const text = pages.flat().join("\n");
    expect(text).toContain(`Promotion (${order.coupon_code})`);
    expect(text).toContain(euro(order.order_promotion_total));
  });

  it("is written in the caller's language", async () => {
    const order = await placed(1);
    const res = await download(order.token_value, USERS.spaAdmin, { "accept-language": "de" });
    const text = (await pdfText(res.rawPayload)).pages.flat().join("\n");
    expect(text).toContain("RECHNUNG");
    expect(text).toContain("Bestellnummer");
    expect(text).toContain(euro(order.total, "de-DE"));
  });

  it("never breaks a product code across lines, in the longest language (German) either", async () => {
    const orders = await t.db
      .selectFrom("orders")
      .select(["id", "token_value"])
      .where("company_id", "=", 1)
      .where("state", "!=", "cart")
      .orderBy("id")
      .execute();
    const items = await t.db
      .selectFrom("order_items")
      .select(["order_id", "variant_code"])
      .where(
        "order_id",
        "in",
        orders.map((o) => o.id),
      )
      .execute();
    // The longest codes of the seeded orders: every one of them printed whole on a line.
    const longest = [...new Set(items.map((i) => i.variant_code))]
      .sort((a, b) => b.length - a.length)
      .slice(0, 3);
    expect(longest[0]!.length).toBeGreaterThan(20);
    for (const code of longest) {
      const order = orders.find((o) =>
        items.some((i) => i.order_id === o.id && i.variant_code === code),
      )!;
      const res = await download(order.token_value, USERS.spaAdmin, { "accept-language": "de" });
      const lines = (await pdfText(res.rawPayload)).pages.flat();
      expect(
        lines.some((line) => line.includes(code)),
        `${code} on one line of the German invoice:\n${lines.join("\n")}`,
      ).toBe(true);
    }
  });

  /** An amount as the invoice prints it ("€1,234.50", "-€12.30", "1.234,50 €"), in minor units. */
  function minorOf(printed: string, language: "en" | "de"): number {
    const negative = /^[-\u2212]/.test(printed.trim());
    const digits = printed.replace(/[^\d.,]/g, "");
    const plain =
      language === "de" ? digits.replace(/\./g, "").replace(",", ".") : digits.replace(/,/g, "");
    const value = Math.round(Number(plain) * 100);
    if (!Number.isFinite(value) || plain === "") throw new Error(`not an amount: ${printed}`);
    return negative ? -value : value;
  }

  it("adds its summary lines (subtotal, discounts, shipping, taxes) up to its total, to the cent", async () => {
    const orders = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("company_id", "=", 1)
      .where("state", "!=", "cart")
      .where("state", "!=", "cancelled")
      .orderBy("id")
      .execute();
    const withCoupon = orders.find((o) => o.coupon_code !== null && o.order_promotion_total !== 0);
    expect(withCoupon).toBeDefined();
    const checked = [withCoupon!, ...orders.filter((o) => o !== withCoupon).slice(0, 3)];
    const labels = {
      en: { first: "Items subtotal", total: "Total" },
      de: { first: "Zwischensumme Artikel", total: "Gesamtbetrag" },
    } as const;
    for (const order of checked) {
      for (const language of ["en", "de"] as const) {
        const res = await download(order.token_value, USERS.spaAdmin, {
          "accept-language": language,
        });
        const lines = (await pdfText(res.rawPayload)).pages.flat();
        const start = lines.findIndex((l) => l.startsWith(labels[language].first));
        const end = lines.findIndex(
          (l, n) => n > start && l.startsWith(`${labels[language].total} |`),
        );
        expect(start, `${order.number} ${language}: the summary starts`).toBeGreaterThan(0);
        expect(end, `${order.number} ${language}: the summary ends with the total`).toBeGreaterThan(
          start,
        );
        const amount = (line: string) => minorOf(line.split(" | ").at(-1)!, language);
        const summands = lines.slice(start, end).map(amount);
        const total = amount(lines[end]!);
        expect(summands.length).toBeGreaterThanOrEqual(4);
        expect(
          summands.reduce((a, b) => a + b, 0),
          `${order.number} ${language}: ${lines.slice(start, end + 1).join(" / ")}`,
        ).toBe(total);
        expect(total).toBe(order.total);
      }
    }
  });

  it("lets every role of the company download, and accepts the token cookie", async () => {
    const order = await placed(1);
    for (const user of [USERS.spaAdmin, USERS.spaBuyer, USERS.spaMarketing]) {
      expect((await download(order.token_value, user)).statusCode).toBe(200);
    }
    const cookie = await t.app.inject({
      method: "GET",
      url: url(order.token_value),
      headers: { cookie: `token=${await t.token(USERS.spaMarketing)}` },
    });
    expect(cookie.statusCode).toBe(200);
    expect(cookie.headers["content-type"]).toBe("application/pdf");
  });

  it("answers the other company's order, a cart and an unknown token with 404", async () => {
    const retail = await placed(2);
    await t.refused(404, () => t.request("GET", url(retail.token_value), { as: USERS.spaAdmin }));
    const spa = await placed(1);
    await t.refused(404, () => t.request("GET", url(spa.token_value), { as: USERS.retailAdmin }));
    const cart = await t.request("POST", "/api/v2/shop/orders", {
      as: USERS.spaBuyer,
      body: {},
    });
    await t.refused(404, () => t.request("GET", url(cart.body.tokenValue), { as: USERS.spaBuyer }));
    await t.refused(404, () => t.request("GET", url("no-such-token"), { as: USERS.spaBuyer }));
    await t.refused(404, () => t.request("GET", url("x".repeat(150)), { as: USERS.spaBuyer }));
  });

  it("needs a signed-in user: no token or a bad one is 401, a bad cookie counts as none", async () => {
    const order = await placed(1);
    await t.refused(401, () => t.request("GET", url(order.token_value)));
    await t.refused(401, () => t.request("GET", url(order.token_value), { token: "not-a-jwt" }));
    await t.refused(401, () =>
      t.request("GET", url(order.token_value), { headers: { cookie: "token=forged" } }),
    );
  });

  it("refuses a cancelled order that was split (409), naming its split orders", async () => {
    const parent = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("company_id", "=", 1)
      .where("split_index", "=", 1)
      .executeTakeFirstOrThrow();
    expect((await download(parent.token_value, USERS.spaAdmin)).statusCode).toBe(200);
    await t.db
      .updateTable("orders")
      .set({ state: "cancelled" })
      .where("id", "=", parent.id)
      .execute();
    try {
      const problem = await t.refused(409, () =>
        t.request("GET", url(parent.token_value), { as: USERS.spaAdmin }),
      );
      expect(problem.detail).toContain("split");
      // The split orders keep their own invoices.
      const child = await t.db
        .selectFrom("orders")
        .select("token_value")
        .where("parent_order_id", "=", parent.id)
        .executeTakeFirstOrThrow();
      expect((await download(child.token_value, USERS.spaAdmin)).statusCode).toBe(200);
    } finally {
      await t.db
        .updateTable("orders")
        .set({ state: parent.state })
        .where("id", "=", parent.id)
        .execute();
    }
  });

  it("continues long orders on further pages and numbers them", async () => {
    const order = await placed(1, "new");
    const taken = await t.db
      .selectFrom("order_items")
      .select("variant_code")
      .where("order_id", "=", order.id)
      .execute();
    const variants = await t.db
      .selectFrom("product_variants")
      .select(["code", "product_code", "name"])
      .where(
        "code",
        "not in",
        taken.map((i) => i.variant_code),
      )
      .orderBy("code")
      .limit(70)
      .execute();
    expect(variants).toHaveLength(70);
    await t.db
      .insertInto("order_items")
      .values(
        variants.map((v, n) => ({
          order_id: order.id,
          variant_code: v.code,
          product_code: v.product_code,
          product_name: `A product with a rather long name that wraps onto two lines ${n}`,
          variant_name: v.name,
          quantity: 1,
          unit_price: 100,
          original_unit_price: 200,
          discounted_unit_price: 100,
          subtotal: 100,
          total: 100,
          position: 100 + n,
        })),
      )
      .execute();
    const res = await download(order.token_value, USERS.spaAdmin);
    expect(res.statusCode).toBe(200);
    const { pages, pageCount } = await pdfText(res.rawPayload);
    expect(pageCount).toBeGreaterThan(1);
    expect(pages[pageCount - 1]!.join("\n")).toContain(`Page ${pageCount} of ${pageCount}`);
    // The table header is repeated on every page that continues it.
    expect(pages[1]!.join("\n")).toContain("Line total");
    // The last line's name, wrapped onto two lines, is on the last page.
    expect(pages[pageCount - 1]!.join("\n")).toMatch(/\blines 69\b/);
  });

  it("writes names outside the standard fonts' characters without garbling the rest", async () => {
    const order = await placed(1, "approved");
    await t.db
      .updateTable("order_items")
      .set({ product_name: "Łódź Őrség Ελλάδα Москва Crème" })
      .where("order_id", "=", order.id)
      .execute();
    const text = (
      await pdfText((await download(order.token_value, USERS.spaAdmin)).rawPayload)
    ).pages
      .flat()
      .join("\n");
    // The embedded font shows Latin, Greek and Cyrillic letters as they are.
    expect(text).toContain("Łódź Őrség Ελλάδα Москва Crème");
  });

  it("keeps labels apart from their values and the register number in its own column", async () => {
    const order = await placed(1, "completed");
    const lines = (await pdfText((await download(order.token_value, USERS.spaAdmin)).rawPayload))
      .pages[0]!;
    expect(lines.join("\n")).toMatch(new RegExp(`Invoice number: \\| INV-${order.number}`));
    const company = await t.db
      .selectFrom("companies")
      .select("registration_number")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    const number = company.registration_number!;
    // The number is a cell of its own (cells are split where columns are), never joined to
    // the billing address beside it.
    const cells = lines.flatMap((line) => line.split(" | "));
    expect(cells.some((cell) => cell.includes(number.split(" ")[0]!))).toBe(true);
    expect(cells.filter((cell) => cell.includes(number.split(" ")[0]!)).join()).not.toMatch(
      /Friedrichstraße|Jungfernstieg|Berlin|Hamburg/,
    );
  });

  it("names the seller's address and VAT id, and dates follow the language the link names", async () => {
    const order = await placed(1, "completed");
    const res = await t.app.inject({
      method: "GET",
      url: `${url(order.token_value)}?locale=de`,
      headers: {
        authorization: `Bearer ${await t.token(USERS.spaAdmin)}`,
        "accept-language": "en-US",
      },
    });
    const text = (await pdfText(res.rawPayload)).pages.flat().join("\n");
    expect(text).toContain("Torstraße 140");
    expect(text).toContain("USt-IdNr.: DE312456789");
    const day = new Date(order.checkout_completed_at ?? order.created_at);
    const german = new Intl.DateTimeFormat("de-DE", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      timeZone: "UTC",
    }).format(day);
    expect(text).toContain(`Rechnungsdatum: | ${german}`);
  });

  it("writes countries, the payment method, amounts and dates in the reader's language (issue 30)", async () => {
    const order = await placed(1, "completed");
    const read = async (locale: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `${url(order.token_value)}?locale=${locale}`,
        headers: { authorization: `Bearer ${await t.token(USERS.spaAdmin)}` },
      });
      return (await pdfText(res.rawPayload)).pages.flat().join("\n");
    };
    const day = new Date(order.checkout_completed_at ?? order.created_at);
    const german = await read("de");
    expect(german).toContain("Deutschland");
    expect(german).not.toMatch(/\bGermany\b/);
    // The demo order is paid by card: the method is named in German, not by its English name.
    expect(german).toContain("Zahlungsart: Kreditkarte");
    expect(german).not.toMatch(/Credit card|Card \(/);
    expect(german).toMatch(/\d,\d\d\s€/);
    expect(german).toMatch(/19\s%/);
    const english = await read("en");
    expect(english).toContain("Germany");
    expect(english).toContain("Payment method: Credit card");
    expect(english).toMatch(/€\d[\d,]*\.\d\d/);
    const englishDate = new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeZone: "UTC",
    }).format(day);
    expect(english).toContain(`Invoice date: | ${englishDate}`);
  });

  it("gives no invoice for an order awaiting approval, rejected or cancelled (issue 32, finding I)", async () => {
    const order = await placed(1, "completed");
    const cases = [
      { state: "awaiting approval", approval: null, text: /Freigabe/ },
      { state: "cancelled", approval: "rejected" as const, text: /abgelehnt/ },
      { state: "cancelled", approval: null, text: /storniert/ },
    ];
    try {
      for (const c of cases) {
        await t.db
          .updateTable("orders")
          .set({ state: c.state, approval_state: c.approval })
          .where("id", "=", order.id)
          .execute();
        const problem = await t.refused(409, () =>
          t.request("GET", url(order.token_value), {
            as: USERS.spaAdmin,
            headers: { "accept-language": "de" },
          }),
        );
        expect(problem.detail, c.state).toMatch(c.text);
        expect(problem.detail).toMatch(/keine Rechnung/);
      }
    } finally {
      await t.db
        .updateTable("orders")
        .set({ state: "completed", approval_state: null })
        .where("id", "=", order.id)
        .execute();
    }
    expect((await download(order.token_value, USERS.spaAdmin)).statusCode).toBe(200);
  });

  it("shows MARKETING no payment amounts, due date or method", async () => {
    const order = await placed(1, "completed");
    const read = async (as: string) =>
      (await pdfText((await download(order.token_value, as)).rawPayload)).pages.flat().join("\n");
    const admin = await read(USERS.spaAdmin);
    expect(admin).toContain("Balance due");
    expect(admin).toContain("Due date");
    const marketing = await read(USERS.spaMarketing);
    expect(marketing).toContain("Total");
    for (const hidden of ["Balance due", "Due date", "Payment method", "Payment terms"])
      expect(marketing).not.toContain(hidden);
  });
  /** The invoice of `order` in `locale` (the link's language), its header and its text lines. */
  async function invoiceIn(order: { token_value: string }, as: string, locale: string) {
    const res = await t.app.inject({
      method: "GET",
      url: `${url(order.token_value)}?locale=${locale}`,
      headers: { authorization: `Bearer ${await t.token(as)}`, "accept-language": "en-US" },
    });
    expect(res.statusCode).toBe(200);
    return { res, lines: (await pdfText(res.rawPayload)).pages.flat() };
  }

  it("names the downloaded file in the reader's language (issue 30)", async () => {
    const order = await placed(1, "completed");
    const names = { en: "invoice", de: "Rechnung", fr: "Facture", it: "Fattura", es: "Factura" };
    for (const [locale, name] of Object.entries(names)) {
      const { res } = await invoiceIn(order, USERS.spaAdmin, locale);
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="${name}-${order.number}.pdf"`,
      );
    }
  });

  it("keeps the seller's e-mail address on one line in every language (issue 30)", async () => {
    const order = await placed(1, "completed");
    for (const locale of ["en", "de", "fr", "it", "es"]) {
      const { lines } = await invoiceIn(order, USERS.spaAdmin, locale);
      const cells = lines.flatMap((line) => line.split(" | "));
      expect(cells, locale).toContain(t.config.supportEmail);
    }
  });

  it("writes a US address the US way: street, then 'City, ST 12345' (issue 30)", async () => {
    const order = await placed(2, "completed");
    const { lines } = await invoiceIn(order, USERS.retailAdmin, "en");
    const cells = lines.flatMap((line) => line.split(" | "));
    expect(cells).toContain("New York, NY 10118");
    expect(cells).toContain("Los Angeles, CA 90021");
    expect(cells).not.toContain("10118 New York");
    expect(cells).not.toContain("California");
    // A European address keeps the postcode before the city.
    const { lines: german } = await invoiceIn(await placed(1, "completed"), USERS.spaAdmin, "en");
    expect(german.flatMap((line) => line.split(" | "))).toContain("10117 Berlin");
  });

  it("sets French punctuation apart with no-break spaces (issue 30)", async () => {
    const order = await placed(1, "completed");
    const { lines } = await invoiceIn(order, USERS.spaAdmin, "fr");
    const cells = lines.flatMap((line) => line.split(" | "));
    expect(cells).toContain("Numéro de facture :");
    expect(cells.some((cell) => /^Référence : GLOW-MINI-ROSE$/.test(cell))).toBe(true);
    expect(cells.some((cell) => /^Mode de paiement : /.test(cell))).toBe(true);
    // No sign starts a line, and none sits against its word.
    expect(cells.filter((cell) => /^[:;?!]|[^\s\d/][:;?!](\s|$)/.test(cell))).toEqual([]);
    // The spaces are the no-break ones (a no-break space before ":", a narrow one before ";?!").
    expect(typography("Devise: EUR ; Merci ! Vraiment ?", "fr")).toBe(
      "Devise\u00a0: EUR\u202f; Merci\u202f! Vraiment\u202f?",
    );
    expect(typography("https://x.example 10:30 a:b", "fr")).toBe("https://x.example 10:30 a:b");
    expect(typography("Currency: EUR!", "en")).toBe("Currency: EUR!");
    // Other languages keep their own rule.
    const { lines: german } = await invoiceIn(order, USERS.spaAdmin, "de");
    expect(german.flatMap((line) => line.split(" | "))).toContain("Rechnungsnummer:");
  });
});
