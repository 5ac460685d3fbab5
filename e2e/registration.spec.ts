import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, journeys, running, type E2EContext } from "./harness";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The back office from a terminal, as staff run it: `node --import tsx server/admin/cli.ts`
 * against the running portal (a client of its REST back-office API).
 */
function adminCli(baseUrl: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/admin/cli.ts", ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        ADMIN_API_URL: baseUrl,
        ADMIN_EMAIL: "staff@brand.example",
        ADMIN_PASSWORD: "partner-demo",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Approves the pending application of `email` from the terminal; answers the CLI's output. */
async function approveFromTerminal(baseUrl: string, email: string, priceList: string) {
  const list = await adminCli(baseUrl, ["applications", "--status", "pending"]);
  expect(list.code === 0, `applications listed: ${list.stderr}`);
  const line = list.stdout.split("\n").find((l) => l.includes(email));
  expect(line, `the application of ${email} is pending:\n${list.stdout}`);
  // console.table: │ (index) │ id │ status │ ...; the id is the first cell after the index.
  const id = line.split("│").map((c) => c.trim())[2];
  expect(id && /^\d+$/.test(id), `an application id in: ${line}`);
  const approved = await adminCli(baseUrl, [
    "approve",
    id,
    "--price-list",
    priceList,
    "--agent-name",
    "Clara Weiss",
    "--agent-email",
    "clara.weiss@lume-atelier.example",
  ]);
  expect(approved.code === 0, `approved: ${approved.stderr}`);
  return approved.stdout;
}

/** The invitation link mailed to `email` (the development outbox at /dev/mail.json). */
async function invitationPath(page: Page, baseUrl: string, email: string): Promise<string> {
  const res = await page.request.get(`${baseUrl}/dev/mail.json`);
  const body = (await res.json()) as { "hydra:member": { to: string; text: string }[] };
  const mail = body["hydra:member"].find((m) => m.to === email && /\/register\/\S+/.test(m.text));
  expect(mail, `an invitation mail to ${email}`);
  return /\/register\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const fieldError = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function fillContact(page: Page, email: string) {
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(`  ${email} `);
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Anna");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Berg");
  await page.getByRole("textbox", { name: "Job title (optional)", exact: true }).fill("Buyer");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 212 555 0100");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Company information", level: 2 }).waitFor();
}

async function signIn({ page, baseUrl }: E2EContext, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

export const tests = journeys(
  {
    name: "a US partner registers (registration number, no VAT), is approved from the terminal and orders",
    // Four registration steps, the terminal's approval and a first order: over a minute on a
    // loaded two-core machine.
    timeoutMs: 120_000,
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      const email = `anna.berg.${Date.now()}@atelier-nord.example`;
      await page.goto(`${baseUrl}/register`);
      await page.getByRole("heading", { name: "Become a partner", level: 1 }).waitFor();
      await page.getByRole("link", { name: "Back to sign in" }).waitFor();

      // Step 1: nothing filled -> the spec's messages.
      await page.getByRole("button", { name: "Continue" }).click();
      await fieldError(page, "Field is required").waitFor();
      await page.getByRole("textbox", { name: "Email", exact: true }).fill("anna@");
      await page.getByRole("textbox", { name: "First name", exact: true }).fill("A");
      await page.getByRole("button", { name: "Continue" }).click();
      await fieldError(page, "Please enter a valid email").waitFor();
      await fieldError(page, "Minimum 2 characters").waitFor();
      await fillContact(page, email);

      // Step 2: the United States ask a registration number, not a VAT number.
      await page
        .getByRole("textbox", { name: "Company name", exact: true })
        .fill("Atelier Nord Inc.");
      await choose(page, "Type of business", "B2B – selling to businesses");
      await choose(page, "Country", "United States");
      await page.getByRole("textbox", { name: "Registration number", exact: true }).waitFor();
      expect(
        (await page.getByRole("textbox", { name: "VAT number", exact: true }).count()) === 0,
        "no VAT number for a US company",
      );
      await page.getByRole("button", { name: "Continue" }).click();
      await fieldError(page, "Field is required").waitFor();
      await page
        .getByRole("textbox", { name: "Registration number", exact: true })
        .fill("NY-4471-2026");
      await page.getByRole("button", { name: "Continue" }).click();

      // Step 3: the US have states.
      await page.getByRole("heading", { name: "Address", level: 2 }).waitFor();
      await page
        .getByRole("textbox", { name: "Street address", exact: true })
        .fill("12 Mercer Street");
      await page.getByRole("textbox", { name: "City", exact: true }).fill("New York");
      await page.getByRole("textbox", { name: "Postal code", exact: true }).fill("10013");
      await page.getByRole("button", { name: "Continue" }).click();
      await fieldError(page, "Field is required").waitFor();
      await choose(page, "State / province", "New York");
      await page.getByRole("button", { name: "Continue" }).click();

      // Step 4: omnichannel asks both counts (the original client never showed them).
      await page.getByRole("heading", { name: "Evaluation", level: 2 }).waitFor();
      await page.getByRole("button", { name: "Continue" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Register" }).click();
      await fieldError(page, "Business model is required").waitFor();
      await choose(page, "Company status", "Existing company");
      await choose(page, "Business model", "Omnichannel");
      await page.getByRole("textbox", { name: "Number of physical stores", exact: true }).fill("3");
      await page.getByRole("textbox", { name: "Number of online shops", exact: true }).fill("2");
      await choose(page, "Do you already have Glow products in stock? (optional)", "Yes");
      await page
        .getByRole("textbox", { name: "Supplier name", exact: true })
        .fill("Beauty Wholesale LLC");

      // A completed step opens by its number; the furthest one too.
      await page.getByRole("button", { name: /^Step 1 of 4/ }).click();
      await page.getByRole("heading", { name: "Contact information", level: 2 }).waitFor();
      expect(
        (await page.getByRole("textbox", { name: "Email", exact: true }).inputValue()) === email,
        "the e-mail was trimmed",
      );
      await page.getByRole("button", { name: /^Step 4 of 4/ }).click();
      await page.getByRole("heading", { name: "Evaluation", level: 2 }).waitFor();
      expect(
        (await page.getByRole("textbox", { name: "Supplier name", exact: true }).inputValue()) ===
          "Beauty Wholesale LLC",
        "what was typed is kept",
      );

      // Register without the terms: the terms dialog.
      await page.getByRole("button", { name: "Register" }).click();
      const dialog = page.getByRole("dialog", { name: "Terms & Conditions" });
      await dialog.getByText("You must accept the terms and conditions").waitFor();
      await screenshot("registration-terms");
      await dialog.getByRole("button", { name: "Accept and register" }).click();
      await page.getByText("Thank you for your application!").waitFor();
      await page.getByText("We are now verifying your details.", { exact: false }).waitFor();
      // What happens next (review, the approval mail, the first order) and where to go on.
      const next = page.getByTestId("registered-next");
      await next.getByText("usually within two business days", { exact: false }).waitFor();
      await next.getByText("a link to set your password", { exact: false }).waitFor();
      const home = page.getByRole("link", { name: "Back to the home page" });
      expect((await home.getAttribute("href")) === "/", "the thank-you page links home");
      const help = page.getByRole("link", { name: "Contact our partner team" });
      expect(
        (await help.getAttribute("href"))?.startsWith("mailto:"),
        "the thank-you page links to the partner team",
      );
      await screenshot("registration-thanks");

      // The brand approves it from the terminal: a company and an invitation mail.
      const out = await approveFromTerminal(baseUrl, email, "USD_CONTRACT");
      expect(out.includes('"Atelier Nord Inc." created'), `the company exists: ${out}`);
      const invitation = await invitationPath(page, baseUrl, email);

      // The contact registers from the approval mail's link: welcomed as the new partner (not
      // "invited" by their own company), the names the application gave already filled in.
      await page.goto(`${baseUrl}${invitation}`);
      await page
        .getByRole("heading", { name: "Welcome to the partner portal", level: 1 })
        .waitFor();
      const lead = (await page.getByTestId("team-registration-lead").textContent()) ?? "";
      expect(
        lead.includes("Your application for Atelier Nord Inc. is approved") &&
          !/invited/i.test(lead),
        `the page greets the approved applicant: ${lead}`,
      );
      await running(page);
      await page.waitForFunction(
        () =>
          (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value ===
          "Anna",
      );
      expect(
        (await page.locator('input[name="lastName"]').inputValue()) === "Berg",
        "the last name the application gave is filled in",
      );
      await screenshot("registration-approved-applicant");
      // The same page in German, on a desktop and on a phone.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Deutsch" });
      await page.getByRole("heading", { name: "Willkommen im Partnerportal", level: 1 }).waitFor();
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(!wide, `no sideways scroll at ${width} px`);
        await screenshot(`registration-approved-applicant-de-${width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "English" });
      await page
        .getByRole("heading", { name: "Welcome to the partner portal", level: 1 })
        .waitFor();
      // The switch reloaded the page: the names are filled in again once it runs.
      await running(page);
      await page.waitForFunction(
        () =>
          (document.querySelector('input[name="lastName"]') as HTMLInputElement | null)?.value ===
          "Berg",
      );
      await page.locator('input[name="password"]').fill("first-order-2026");
      await page.locator('input[name="passwordRepeat"]').fill("first-order-2026");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("Your registration is complete! Log in now to get started.").waitFor();

      // A first order: quick order fills the cart in the browser ...
      await signIn(ctx, email, "first-order-2026");
      await page.getByRole("link", { name: "Quick order" }).click();
      await page.getByRole("heading", { name: "Quick order", level: 1 }).waitFor();
      const product = page.getByRole("combobox", { name: "Product, line 1", exact: true });
      await product.click();
      await product.fill("GLOW-PRO-BLUSH");
      await page.getByRole("option", { name: /GLOW-PRO-BLUSH/ }).click();
      await page.getByRole("textbox", { name: "Quantity, line 1", exact: true }).fill("10");
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByText("Added to your cart", { exact: true }).waitFor();

      // ... and the checkout places it by invoice, shipping to the registered address.
      await page.goto(`${baseUrl}/checkout`);
      await page.getByTestId("checkout-line").getByText("SKU GLOW-PRO-BLUSH").waitFor();
      await page.getByRole("button", { name: "Checkout", exact: true }).click();
      const shipping = page.getByRole("combobox", { name: "Shipping address" });
      await shipping.waitFor();
      expect(
        /New York/.test(await shipping.inputValue()),
        `the registered address is preselected: ${await shipping.inputValue()}`,
      );
      await page.getByRole("radio", { name: /Invoice/ }).check();
      await page.waitForFunction(() =>
        [...document.querySelectorAll("button")].some(
          (b) => b.textContent?.includes("Complete order") && !b.disabled,
        ),
      );
      await page.getByRole("button", { name: "Complete order" }).click();
      await page.getByTestId("checkout-completed").waitFor();
      const number = ((await page.getByTestId("order-number").textContent()) ?? "").replace(
        /^\D+/,
        "",
      );
      const placed = { data: { r: { number } } };
      const orders = await adminCli(baseUrl, ["orders", "--limit", "5"]);
      expect(
        orders.code === 0 && orders.stdout.includes(placed.data.r.number!),
        `the back office sees order ${placed.data.r.number}: ${orders.stdout}`,
      );
    },
  },
  {
    name: "a French partner registers (VAT number asked, no state) and is approved from the terminal",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      const email = `claire.martin.${Date.now()}@maison-claire.example`;
      await page.goto(`${baseUrl}/register`);
      await page.getByRole("heading", { name: "Become a partner", level: 1 }).waitFor();
      await fillContact(page, email);
      await page
        .getByRole("textbox", { name: "Company name", exact: true })
        .fill("  Maison Claire SAS ");
      await choose(page, "Type of business", "B2C – selling to consumers");
      await choose(page, "Country", "France");
      await page.getByRole("textbox", { name: "VAT number", exact: true }).waitFor();
      expect(
        (await page.getByRole("textbox", { name: "Registration number", exact: true }).count()) ===
          0,
        "no registration number for a French company",
      );
      await page.getByRole("button", { name: "Continue" }).click();
      await fieldError(page, "Field is required").waitFor();
      await page.getByRole("textbox", { name: "VAT number", exact: true }).fill("FR40303265045");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Address", level: 2 }).waitFor();
      expect(
        (await page.getByRole("combobox", { name: "State / province", exact: true }).count()) === 0,
        "France has no provinces: no state field",
      );
      await page.getByRole("textbox", { name: "Street address", exact: true }).fill("5 rue Cler");
      await page.getByRole("textbox", { name: "City", exact: true }).fill("Paris");
      await page.getByRole("textbox", { name: "Postal code", exact: true }).fill("75007");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Evaluation", level: 2 }).waitFor();
      // Steps ahead of the furthest reached cannot be opened; going back keeps the values.
      await page.getByRole("button", { name: /^Step 2 of 4/ }).click();
      expect(
        (await page.getByRole("textbox", { name: "Company name", exact: true }).inputValue()) ===
          "Maison Claire SAS",
        "the company name was trimmed",
      );
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await choose(page, "Company status", "Start-up");
      await choose(page, "Business model", "Own online shop");
      expect(
        (await page
          .getByRole("textbox", { name: "Number of physical stores", exact: true })
          .count()) === 0,
        "an online shop is not asked for stores",
      );
      await page.getByRole("textbox", { name: "Web shop URL", exact: true }).fill("maison-claire");
      await page.getByRole("checkbox", { name: /I accept the terms/ }).check();
      await page.getByRole("button", { name: "Register" }).click();
      await page
        .getByText("Please enter a valid web address, such as https://shop.example.com")
        .waitFor();
      await page
        .getByRole("textbox", { name: "Web shop URL", exact: true })
        .fill("https://maison-claire.example");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("Thank you for your application!").waitFor();

      const out = await approveFromTerminal(baseUrl, email, "EUR_CONTRACT");
      expect(out.includes('"Maison Claire SAS" created'), `the company exists: ${out}`);
      await invitationPath(page, baseUrl, email);
      const companies = await adminCli(baseUrl, ["companies"]);
      expect(companies.stdout.includes("Maison Claire SAS"), "listed among the companies");
    },
  },
  {
    name: "an e-mail with a pending application is refused on step 1, once; one taken meanwhile is refused at the end at its field, nothing lost",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      // An application sent straight to the API: the server refuses a second one for its e-mail.
      const apply = (email: string) =>
        page.request.post(`${baseUrl}/form/customer`, {
          data: {
            companyName: "Studio Koch KK",
            customerType: "drugstore",
            relationships: {
              default_contact: { name: "Lena", surname: "Koch", email, phone: "+81 3 0000 0000" },
              billing_address: {
                country: "JP",
                street: "1-1 Ginza",
                post_code: "104-0061",
                town: "Tokyo",
              },
            },
            evaluation: JSON.stringify({
              type_of_business: "b2b",
              company_status: "existing",
              business_model: "drugstore",
              stores_count: 3,
            }),
            termsAccepted: true,
          },
        });
      const email = `lena.koch.${Date.now()}@studio-koch.example`;
      const first = await apply(email);
      expect(first.status() === 201, `the first application is received: ${first.status()}`);
      await page.goto(`${baseUrl}/register`);
      await page.getByRole("heading", { name: "Become a partner", level: 1 }).waitFor();
      const emailField = page.getByRole("textbox", { name: "Email", exact: true });
      await emailField.fill(email);
      await page.getByRole("textbox", { name: "First name", exact: true }).fill("Anna");
      await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Berg");
      await page.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 212 555 0100");
      await page.getByRole("button", { name: "Continue" }).click();
      // Said when step 1 is left, under the field, once (issue 30: only at the last step, twice).
      const pending = page.getByText("An application with this e-mail address");
      await pending.first().waitFor();
      expect((await pending.count()) === 1, "the refusal once, at the e-mail field");
      expect((await page.getByRole("alert").count()) === 0, "no red box besides it");
      await page.getByRole("heading", { name: "Contact information", level: 2 }).waitFor();

      // An address free when step 1 is left, taken before Register: the server's refusal opens
      // step 1 with its words at the field, once, and keeps what was typed.
      const later = `lena.koch.${Date.now()}.later@studio-koch.example`;
      await emailField.fill(later);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Company information", level: 2 }).waitFor();
      expect((await apply(later)).status() === 201, "the address is taken meanwhile");
      await page
        .getByRole("textbox", { name: "Company name", exact: true })
        .fill("Glow Studio Two");
      await choose(page, "Type of business", "B2B – selling to businesses");
      await choose(page, "Country", "Japan");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("textbox", { name: "Street address", exact: true }).fill("1-1 Ginza");
      await page.getByRole("textbox", { name: "City", exact: true }).fill("Tokyo");
      await page.getByRole("textbox", { name: "Postal code", exact: true }).fill("104-0061");
      await page.getByRole("button", { name: "Continue" }).click();
      await choose(page, "Company status", "Existing company");
      await choose(page, "Business model", "Drugstore");
      await page
        .getByRole("textbox", { name: "Number of physical stores", exact: true })
        .fill("12");
      await page.getByRole("checkbox", { name: /I accept the terms/ }).check();
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Contact information", level: 2 }).waitFor();
      await pending.first().waitFor();
      expect((await pending.count()) === 1, "the server's refusal once, at the e-mail field");
      await page.getByRole("button", { name: /^Step 4 of 4/ }).click();
      expect(
        (await page
          .getByRole("textbox", { name: "Number of physical stores", exact: true })
          .inputValue()) === "12",
        "what was typed is kept",
      );
    },
  },
);
