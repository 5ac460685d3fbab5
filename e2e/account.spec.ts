import type { Page } from "@playwright/test";
import {
  expect,
  expectLinesSumToTotal,
  journeys,
  sessionToken,
  signInAsBuyer,
  type E2EContext,
} from "./harness";

/** Signs a demo user in through the sign-in page and waits for the shop. */
async function signInAs({ page, baseUrl }: E2EContext, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("partner-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

/**
 * Calls the REST API from the page as the app itself does: the HttpOnly session cookie goes
 * with the request, and writes carry the CSRF header (decision 037).
 */
async function api(page: Page, method: string, path: string) {
  return page.evaluate(
    async ({ method, path }) => {
      const res = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: {
          "X-Requested-With": "XMLHttpRequest",
          Accept: "application/json",
          ...(method === "POST" ? { "Content-Type": "application/json" } : {}),
        },
        body: method === "POST" ? "{}" : undefined,
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    { method, path },
  );
}

/** The variant codes and quantities of the caller's cart with items (the one in use). */
async function cartLines(page: Page) {
  const res = await api(page, "GET", "/api/v2/shop/orders?state=cart&itemsPerPage=50");
  const carts = (
    res.body as { "hydra:member": { items: { variant: string; quantity: number }[] }[] }
  )["hydra:member"];
  const cart = carts.find((c) => c.items.length > 0);
  return new Map(
    (cart?.items ?? []).map((i) => [i.variant.split("/").pop() ?? "", i.quantity] as const),
  );
}

export const tests = journeys(
  {
    name: "account: the buyer sees order history as list and table, a split order's detail and downloads an invoice",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/account`);
      await page.getByTestId("account-greeting").waitFor();
      const greeting = (await page.getByTestId("account-greeting").textContent()) ?? "";
      expect(/^Hello, \S+ \S+/.test(greeting), `greets by first and last name: ${greeting}`);
      await page.getByText("Demo Spa GmbH").first().waitFor();
      const nav = page.getByRole("navigation", { name: "Account sections" });
      for (const name of ["Order history", "Payments", "Company details", "Saved lists"])
        await nav.getByRole("link", { name }).waitFor();
      expect(
        (await nav.getByRole("link", { name: "Company users" }).count()) === 0,
        "a COMMERCIAL user has no Company users section",
      );

      const cards = page.getByTestId("order-card");
      await cards.first().waitFor();
      const listed = await cards.count();
      expect(listed >= 10, `orders are listed: ${listed}`);
      // Newest first: the newest seeded order (3 days old) is the last one numbered.
      expect((await cards.first().textContent())?.includes("100010") === true, "newest first");

      const child = cards.filter({ hasText: "100011-2" });
      await child.getByTestId("split-badge").hover();
      await page.getByText("Split from order 000100011").waitFor();
      expect(
        (await child.getByTestId("split-badge").textContent()) === "2/2",
        "the split shows k/N",
      );
      const parent = cards.filter({ hasText: /100011(?!-)/ }).first();
      expect(
        (await parent.getByTestId("split-badge").textContent()) === "1/2",
        "the parent shows 1/N",
      );

      await child.getByRole("button", { name: "Details" }).click();
      const dialog = page.getByRole("dialog", { name: "Order 000100011-2" });
      await dialog.waitFor();
      for (const label of [
        "Items subtotal",
        "Shipping",
        "Shipping tax",
        "Tax",
        "Manual discount",
        "Promotion",
        "Shipping address",
        "Billing address",
        "Original unit price",
      ])
        await dialog.getByText(label, { exact: true }).first().waitFor();
      // Subtotal, promotion, discount, shipping and tax add up to the order's total.
      await expectLinesSumToTotal(page, "order-total");
      await screenshot("account-order-detail");
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });

      await page.getByText("Table", { exact: true }).click();
      await page.getByTestId("orders-table").waitFor();
      const rows = page.getByTestId("order-row");
      expect((await rows.count()) === listed, "the table lists the same orders");
      await screenshot("account-orders-table");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        rows.filter({ hasText: "100010" }).getByRole("link", { name: "Invoice" }).click(),
      ]);
      const file = download.suggestedFilename();
      expect(/^invoice-000100010\.pdf$/.test(file), `an invoice PDF is saved: ${file}`);
      const path = await download.path();
      const { readFile } = await import("node:fs/promises");
      const bytes = await readFile(path);
      expect(bytes.subarray(0, 5).toString() === "%PDF-", "the download is a PDF");
    },
  },
  {
    name: "account: reordering an old order previews prices, fills the cart, lands on /checkout and reports the out-of-stock item",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/account/order-history`);
      const card = page.getByTestId("order-card").filter({ hasText: "100008" });
      await card.getByRole("button", { name: "Reorder", exact: true }).click();
      const dialog = page.getByTestId("reorder-dialog");
      await dialog.getByTestId("reorder-preview").waitFor();
      const lines = dialog.getByTestId("reorder-line");
      expect((await lines.count()) === 6, `six lines previewed: ${await lines.count()}`);
      const outOfStock = lines.filter({ hasText: "Out of stock" });
      expect((await outOfStock.count()) === 1, "one line is out of stock");
      expect(
        /Black/.test((await outOfStock.textContent()) ?? ""),
        "the travel case is the one out of stock",
      );
      await screenshot("account-reorder-preview");
      await page.getByRole("button", { name: "Empty cart and reorder" }).click();
      await page.waitForURL(`${baseUrl}/checkout`, { timeout: 30_000 });
      const report = page.getByTestId("reorder-failures");
      await report.waitFor();
      const text = (await report.textContent()) ?? "";
      expect(/out of stock/i.test(text), `the out-of-stock item is reported: ${text}`);
      await screenshot("account-reorder-checkout");
      const cart = await cartLines(page);
      expect(cart.size === 5, `five lines are in the cart: ${[...cart.keys()].join(", ")}`);
      expect(!cart.has("TRAVEL-CASE-CLASSIC-BLACK"), "the out-of-stock line is not in the cart");
      expect(cart.get("EYE-COOL-PEN-SILVER") === 11, "quantities are the order's");
    },
  },
  {
    name: "account: payments show what is owed as positive amounts, statuses and the pending filter",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/account/payments`);
      const rows = page.getByTestId("payment-row");
      await rows.first().waitFor();
      const all = await rows.count();
      const texts = await rows.allTextContents();
      expect(
        texts.every((t) => !/Cancelled/.test(t)),
        "cancelled orders are left out",
      );
      const balances = await page.getByTestId("payment-balance").allTextContents();
      expect(
        balances.some((b) => /^€[\d,]+\.\d{2}$/.test(b) && b !== "€0.00") &&
          balances.every((b) => !b.includes("-")),
        `open amounts are positive with two decimals (decision 063): ${balances.join(" | ")}`,
      );
      expect(
        balances.some((b) => b === "€0.00"),
        "paid orders have a zero balance",
      );
      for (const status of ["Paid", "Partially paid", "Pending"])
        await page
          .getByTestId("payments-table")
          .getByText(status, { exact: true })
          .first()
          .waitFor();
      await screenshot("account-payments");
      // Every row with an open balance offers 'Pay now' (card, for the open amount) or says why
      // not: invoices left unpaid (payment missing, partially paid) included.
      const actions = await rows.evaluateAll((els) =>
        els.map((r) => ({
          text: r.textContent ?? "",
          balance: r.querySelector('[data-testid="payment-balance"]')?.textContent ?? "",
          action: r.querySelector('[data-testid="payment-action"]')?.textContent?.trim() ?? "",
        })),
      );
      const open = actions.filter((a) => a.balance !== "€0.00");
      expect(
        open.length > 0 && open.every((a) => a.action !== ""),
        `every open balance has an action: ${open.map((a) => `${a.text} [${a.action}]`).join(" | ")}`,
      );
      for (const status of ["Partially paid", "Not paid"]) {
        const row = rows.filter({ hasText: status }).first();
        if ((await row.count()) > 0) await row.getByRole("button", { name: /^Pay now/ }).waitFor();
      }
      // 'Pay now' opens the card payment dialog for that order.
      await page.getByRole("button", { name: "Pay now" }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await page.getByLabel("Show pending payments only").check({ force: true });
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="payment-row"]').length < n,
        all,
      );
      const pending = await page.getByTestId("payment-row").allTextContents();
      expect(pending.length > 0, "some payments are pending");
      expect(
        pending.every((t) => !/\bPaid\b/.test(t.replace("Partially paid", ""))),
        `only unpaid orders remain: ${pending.join(" | ")}`,
      );
    },
  },
  {
    name: "account: a MARKETING user sees only the allowed sections, no reorder or list ordering, and the API refuses",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAs(ctx, "marketing@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/payments`);
      // A forbidden section shows the default one instead.
      await page.waitForURL(`${baseUrl}/shop/account/order-history`);
      const nav = page.getByRole("navigation", { name: "Account sections" });
      await nav.getByRole("link", { name: "Order history" }).waitFor();
      const links = await nav.getByRole("link").allTextContents();
      expect(
        JSON.stringify(links) ===
          JSON.stringify(["Order history", "Contract price list", "Saved lists"]),
        `only the allowed sections: ${links.join(", ")}`,
      );
      await page.getByTestId("order-card").first().waitFor();
      expect(
        (await page.getByRole("button", { name: "Reorder", exact: true }).count()) === 0,
        "no reorder button",
      );
      await screenshot("account-marketing");
      await nav.getByRole("link", { name: "Saved lists" }).click();
      await page.getByTestId("saved-list").first().waitFor();
      expect(
        (await page.getByRole("button", { name: "Order this list" }).count()) === 0,
        "no order button on saved lists",
      );
      const lists = await api(page, "GET", "/api/v2/shopping-lists");
      const id = (lists.body as { "hydra:member": { id: number }[] })["hydra:member"][0]!.id;
      const refused = await api(page, "POST", `/api/v2/shopping-lists/${id}/order`);
      expect(refused.status === 403, `the API refuses ordering a list: ${refused.status}`);
      const address = await api(page, "POST", "/api/v2/shop/addresses");
      expect(address.status === 403, `the API refuses the address book: ${address.status}`);

      // Logout revokes the token on the server, clears its cookie and the stored customer,
      // then goes to "/"; the old token is refused from then on.
      const token = await sessionToken(ctx);
      expect(token !== null, "signed in with the session cookie");
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.waitForFunction(() => localStorage.getItem("customer") === null);
      for (let i = 0; i < 50 && (await sessionToken(ctx)) !== null; i++)
        await page.waitForTimeout(100);
      expect((await sessionToken(ctx)) === null, "the session cookie is cleared");
      const reused = await page.request.get(`${baseUrl}/api/v2/shop/orders`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reused.status() === 401, `the old token is refused: ${reused.status()}`);
    },
  },
  {
    name: "account: the contract price list links to products and exports an .xlsx",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/account/contract-price`);
      const rows = page.getByTestId("contract-price-row");
      await rows.first().waitFor();
      expect((await rows.count()) > 10, "products are listed");
      const first = (await rows.first().textContent()) ?? "";
      expect(/€/.test(first), `prices are shown with the sign: ${first}`);
      await screenshot("account-contract-prices");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export XLSX" }).click(),
      ]);
      const file = download.suggestedFilename();
      expect(file.endsWith(".xlsx"), `an .xlsx is saved: ${file}`);
      const { readFile } = await import("node:fs/promises");
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 2).toString() === "PK", "the file is a zip-based workbook");
      const code = (await rows.first().getByRole("link").first().textContent()) ?? "";
      await rows.first().getByRole("link").first().click();
      // A variant's code opens its product with the variant chosen (decision 051).
      await page.waitForURL(
        (url) =>
          url.pathname === `/shop/products/${code}` ||
          (url.pathname.startsWith("/shop/products/") && url.searchParams.get("variant") === code),
      );
    },
  },
  {
    name: "account: a saved list is ordered into the cart and the buyer lands on /checkout",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/account/saved-lists`);
      const list = page.getByTestId("saved-list").filter({ hasText: "Spring restock" });
      await list.waitFor();
      const total = (await list.getByTestId("saved-list-total").textContent()) ?? "";
      expect(/^€[\d,]+\.\d{2}$/.test(total), `the list's total is shown: ${total}`);
      await screenshot("account-saved-lists");
      const before = await cartLines(page);
      await list.getByRole("button", { name: "Order this list" }).click();
      await page.waitForURL(`${baseUrl}/checkout`);
      const after = await cartLines(page);
      for (const [code, quantity] of [
        ["GLOW-MINI-ROSE", 24],
        ["FIRM-LIFT-SERUM-30ML", 48],
        ["SONIC-BRUSH-PRO-WHITE", 12],
      ] as const) {
        expect(
          after.get(code) === (before.get(code) ?? 0) + quantity,
          `${code} is in the cart: ${after.get(code)}`,
        );
      }
    },
  },
);
