import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { emptyCart, expect, journeys, signInAsBuyer, type E2EContext } from "./harness";

/** Workbooks written by hand (tests/fixtures/files/make-quick-order-fixtures.ts). */
const FIXTURES = fileURLToPath(new URL("../tests/fixtures/files/", import.meta.url));

/** The signed-in user's cart lines as the gateway answers them: code -> quantity. */
async function cartQuantities(page: Page): Promise<Map<string, number>> {
  const items = await page.evaluate(async () => {
    // The session is the HttpOnly cookie: it goes with the request, as from the app itself.
    const res = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ query: "{ activeCart { items { variantCode quantity } } }" }),
    });
    const body = (await res.json()) as {
      data?: { activeCart: { items: { variantCode: string; quantity: number }[] } | null };
    };
    return body.data?.activeCart?.items ?? [];
  });
  return new Map(items.map((i) => [i.variantCode, i.quantity]));
}

/** What was added between two readings of the cart. */
function added(before: Map<string, number>, after: Map<string, number>) {
  const out: Record<string, number> = {};
  for (const [code, quantity] of after) {
    const delta = quantity - (before.get(code) ?? 0);
    if (delta !== 0) out[code] = delta;
  }
  return out;
}

const rows = (page: Page) => page.getByTestId("quick-order-row");

/** The variant code a product field shows: "Name – Variant (CODE)" or the bare code. */
const codeOf = (label: string) => /\(([^()]+)\)$/.exec(label)?.[1] ?? label;

/** Every row shows the server's product name, unit price and line total. */
async function expectPricedRows(page: Page) {
  const count = await rows(page).count();
  for (const what of ["name", "price", "total"]) {
    const locator = page.getByTestId(`quick-order-row-${what}`);
    await locator.nth(count - 1).waitFor();
    const shown = await locator.count();
    expect(shown === count, `every row shows its ${what}: ${shown} of ${count}`);
  }
}

/** The table's lines as shown: the product field's text and the quantity. */
async function tableLines(page: Page) {
  const count = await rows(page).count();
  const lines: { product: string; quantity: string }[] = [];
  for (let n = 1; n <= count; n++) {
    lines.push({
      product: await page
        .getByRole("combobox", { name: `Product, line ${n}`, exact: true })
        .inputValue(),
      quantity: await page.getByLabel(`Quantity, line ${n}`, { exact: true }).inputValue(),
    });
  }
  return lines;
}

async function openQuickOrder(ctx: E2EContext) {
  const { page, baseUrl } = ctx;
  await signInAsBuyer(ctx);
  await page.getByRole("link", { name: "Quick order" }).click();
  await page.waitForURL(`${baseUrl}/shop/quick-order`);
  await page.getByRole("heading", { name: "Quick order", level: 1 }).waitFor();
}

async function upload(page: Page, file: string) {
  await page.locator('input[type="file"]').setInputFiles(file);
}

async function addToCart(page: Page) {
  const button = page.getByRole("button", { name: "Add to cart" });
  expect(await button.isEnabled(), "add to cart is enabled once every row is complete");
  await button.click();
  await page.getByText("Added to your cart", { exact: true }).waitFor();
}

export const tests = journeys(
  {
    name: "the downloaded sample and a file from another program go to the cart in one bulk add",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await openQuickOrder(ctx);
      const cards = page.getByTestId("bestsellers").getByTestId("product-card");
      await cards.first().waitFor();
      const shown = await cards.count();
      expect(shown > 0 && shown <= 8, `between 1 and 8 bestsellers, got ${shown}`);

      // 1. The sample, as the server writes it.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download sample" }).click(),
      ]);
      expect(download.suggestedFilename() === "quick-order-sample.xlsx", "sample file name");
      const sample = join(mkdtempSync(join(tmpdir(), "quick-order-")), "sample.xlsx");
      await download.saveAs(sample);
      let before = await cartQuantities(page);
      await upload(page, sample);
      await page.getByRole("combobox", { name: "Product, line 3", exact: true }).waitFor();
      await page.waitForFunction(() => !document.body.textContent?.includes("Reading your file"));
      const lines = await tableLines(page);
      expect(lines.length === 3, `the sample's 3 rows fill the table: ${JSON.stringify(lines)}`);
      expect(
        (await page.getByTestId("quick-order-problems").count()) === 0,
        "the sample has no problem rows",
      );
      await expectPricedRows(page);
      await screenshot("quick-order-sample");
      // One request: the page sends every row in a single bulk add.
      const bulkCalls: string[] = [];
      page.on("request", (r) => {
        if (r.url().endsWith("/graphql") && (r.postData() ?? "").includes("addItemsToCart"))
          bulkCalls.push(r.postData() ?? "");
      });
      await addToCart(page);
      let delta = added(before, await cartQuantities(page));
      const expected = Object.fromEntries(
        lines.map((l) => [codeOf(l.product), Number(l.quantity)]),
      );
      expect(
        JSON.stringify(delta) === JSON.stringify(expected),
        `the cart got the sample's rows: ${JSON.stringify(delta)} vs ${JSON.stringify(expected)}`,
      );
      const bulkCount = () => bulkCalls.length;
      expect(bulkCount() === 1, `one bulk add, got ${bulkCount()}`);

      // 2. A workbook written by another program (shared strings, SKU/Qty, a text quantity).
      await page.getByRole("button", { name: "Start a new quick order" }).click();
      before = await cartQuantities(page);
      await upload(page, join(FIXTURES, "quick-order-other-program.xlsx"));
      await page.getByRole("combobox", { name: "Product, line 2", exact: true }).waitFor();
      await expectPricedRows(page);
      const other = (await tableLines(page)).map((l) => ({ ...l, product: codeOf(l.product) }));
      expect(
        JSON.stringify(other) ===
          JSON.stringify([
            { product: "GLOW-MINI-MINT", quantity: "2" },
            { product: "GLOW-PRO-GRAPHITE", quantity: "1" },
          ]),
        `the other program's rows: ${JSON.stringify(other)}`,
      );
      await addToCart(page);
      delta = added(before, await cartQuantities(page));
      expect(
        delta["GLOW-MINI-MINT"] === 2 && delta["GLOW-PRO-GRAPHITE"] === 1,
        `the cart got the other program's rows: ${JSON.stringify(delta)}`,
      );
      expect(bulkCount() === 2, `one bulk add per file, got ${bulkCount()}`);
    },
  },
  {
    name: "an unknown code and a quantity of 500 are shown, fixed in place, and reach the cart",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await openQuickOrder(ctx);
      const before = await cartQuantities(page);
      // A file that is not a workbook: the server's message, the table untouched.
      const notes = join(mkdtempSync(join(tmpdir(), "quick-order-")), "order.xlsx");
      writeFileSync(notes, "GLOW-MINI-ROSE;2\n");
      await upload(page, notes);
      await page.getByRole("alert").getByText("The file is not an .xlsx file.").waitFor();
      expect((await rows(page).count()) === 1, "the table keeps its one empty line");
      await upload(page, join(FIXTURES, "quick-order-problems.xlsx"));
      const problems = page.getByTestId("quick-order-problems");
      await problems.waitFor();
      expect(
        ((await problems.textContent()) ?? "").includes("could not be used: 2"),
        "two rows could not be used",
      );
      const messages = await page.getByTestId("quick-order-row-problem").allTextContents();
      expect(
        messages.length === 2 &&
          messages[0]!.includes("Row 3") &&
          messages[0]!.includes("NO-SUCH-DEVICE") &&
          messages[1]!.includes("Row 4") &&
          messages[1]!.includes("between 1 and 300"),
        `each problem row shows its row number and reason: ${messages.join(" | ")}`,
      );
      const add = page.getByRole("button", { name: "Add to cart" });
      expect(await add.isDisabled(), "add to cart is disabled while a row is incomplete");
      await screenshot("quick-order-problems");

      // Line 2 (file row 3): choose a product by code.
      const product = page.getByRole("combobox", { name: "Product, line 2", exact: true });
      await product.click();
      await product.fill("GLOW-PRO-GRAPH");
      await page.getByRole("option", { name: /GLOW-PRO-GRAPHITE/ }).click();
      // Line 3 (file row 4): a quantity within 1..300; what is typed stays as typed ('-',
      // 'e', a separator) and marks the row (issue 30, item 4).
      const quantity = page.getByLabel("Quantity, line 3", { exact: true });
      await quantity.fill("-5");
      expect((await quantity.inputValue()) === "-5", "'-5' stays as typed");
      expect((await quantity.getAttribute("aria-invalid")) === "true", "'-5' is refused");
      await quantity.fill("5");
      await quantity.press(".");
      expect((await quantity.inputValue()) === "5.", "'5.' stays as typed");
      expect((await quantity.getAttribute("aria-invalid")) === "true", "'5.' is refused");
      await quantity.fill("5");
      await quantity.blur();
      await page.getByTestId("quick-order-row-problem").first().waitFor({ state: "detached" });

      // A line added and removed again leaves the table as it was.
      await page.getByRole("button", { name: "Add a line" }).click();
      expect((await rows(page).count()) === 4, "a fourth line");
      expect(await add.isDisabled(), "an empty line disables add to cart");
      await page.getByRole("button", { name: "Remove line 4" }).click();
      expect((await rows(page).count()) === 3, "back to three lines");

      await addToCart(page);
      const delta = added(before, await cartQuantities(page));
      expect(
        delta["GLOW-MINI-ROSE"] === 2 &&
          delta["GLOW-PRO-GRAPHITE"] === 3 &&
          delta["GLOW-PRO-BLUSH"] === 5 &&
          !("NO-SUCH-DEVICE" in delta),
        `the cart got the fixed rows: ${JSON.stringify(delta)}`,
      );
    },
  },
  {
    name: "in German on a phone, bad quantities stay as the file wrote them, marked with the rule, and are fixed in place",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      await page.evaluate(() => localStorage.setItem("locale", "de"));
      await page.goto(`${baseUrl}/shop/quick-order`);
      await page.getByRole("heading", { name: "Schnellbestellung", level: 1 }).waitFor();
      await upload(page, join(FIXTURES, "quick-order-bad-quantities.xlsx"));
      await page.getByTestId("quick-order-problems").waitFor();
      const quantity = (n: number) => page.getByLabel(`Menge, Zeile ${n}`, { exact: true });
      const shown = [];
      for (let n = 1; n <= 5; n++) shown.push(await quantity(n).inputValue());
      expect(
        JSON.stringify(shown) === JSON.stringify(["0", "ten", "2.5", "999", "4"]),
        `the quantities as the file wrote them: ${JSON.stringify(shown)}`,
      );
      for (let n = 1; n <= 4; n++) {
        expect(
          (await quantity(n).getAttribute("aria-invalid")) === "true",
          `line ${n} is marked invalid`,
        );
      }
      // Each problem is said once, in the server's words at the field (issue 30): the page's own
      // rule does not stand beside it.
      const rules = await page.getByText("Bitte geben Sie eine Menge von 1 bis 300 ein").count();
      expect(rules === 0, `no second message beside the server's: ${rules}`);
      const messages = await page.getByTestId("quick-order-row-problem").allTextContents();
      expect(
        messages.length === 4 && messages.every((m) => m.startsWith("Zeile") && m.includes("300")),
        `the server's messages in German: ${messages.join(" | ")}`,
      );
      // The products are known: their German names show beside the bad quantities.
      const names = await page.getByTestId("quick-order-row-name").allTextContents();
      expect(names.length === 5, `every row names its product: ${names.join(" | ")}`);
      const add = page.getByRole("button", { name: "In den Warenkorb", exact: true }).first();
      expect(await add.isDisabled(), "nothing goes to the cart while a quantity is invalid");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width <= 390, `no page-wide horizontal scroll at 390 px (${width})`);
      const small = await page
        .locator('[data-testid="quick-order-row"] :is(input, button)')
        .evaluateAll((els) =>
          els
            .filter((e) => (e as HTMLElement).offsetParent !== null)
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.height < 44 || r.width < 44)
            .map((r) => `${Math.round(r.width)}x${Math.round(r.height)}`),
        );
      expect(small.length === 0, `every field and button of a row is 44 px: ${small.join(", ")}`);
      await screenshot("quick-order-bad-quantities-de-390");
      for (const [n, value] of [
        [1, "1"],
        [2, "10"],
        [3, "2"],
        [4, "300"],
      ] as const) {
        await quantity(n).fill(value);
      }
      await page.getByTestId("quick-order-row-total").nth(4).waitFor();
      expect(
        (await page.getByTestId("quick-order-row-problem").count()) === 0,
        "fixed in place, no problem is left",
      );
      await add.click();
      await page.getByText("In den Warenkorb gelegt", { exact: true }).waitFor();
    },
  },
  {
    name: "quick order is hidden from and refused to a MARKETING user",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel("Email").fill("marketing@demo-spa.example");
      await page.getByLabel("Password", { exact: true }).fill("partner-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
      await page.getByRole("link", { name: "Treatments" }).first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(
        (await page.getByRole("link", { name: "Quick order" }).count()) === 0,
        "no quick-order link for MARKETING",
      );
      await page.goto(`${baseUrl}/shop/quick-order`);
      await page.getByText("Quick order is not available for your role.").waitFor();
    },
  },
);
