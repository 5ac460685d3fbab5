import type { Page } from "@playwright/test";
import { expect, journeys, signInAsBuyer } from "./harness";

const BUYER = "buyer@demo-spa.example";

/** The newest reset link mailed to `to`, read from the dev outbox (newest first). */
async function resetLinkFor(page: Page, baseUrl: string, to: string): Promise<string> {
  const response = await page.request.get(`${baseUrl}/dev/mail.json`);
  const body = (await response.json()) as {
    "hydra:member": Array<{ to: string; text?: string; text_body?: string }>;
  };
  for (const mail of body["hydra:member"]) {
    if (mail.to !== to) continue;
    const match = /\/forgotten-password\/[A-Za-z0-9_-]+/.exec(mail.text_body ?? mail.text ?? "");
    if (match) return match[0];
  }
  throw new Error(`no reset link mailed to ${to}`);
}

/** Requests a reset link for `email` through the page and checks the neutral answer. */
async function requestReset(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/forgotten-password`);
  await page.getByRole("heading", { name: "Reset your password" }).waitFor();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const status = page.getByRole("status");
  await status.waitFor();
  expect(
    (await status.textContent())?.includes("If the address is registered"),
    "the neutral 'if the address is registered' message shows",
  );
}

/** Opens the mailed link and sets `password`, checking the mismatch message first. */
async function setPassword(page: Page, baseUrl: string, password: string): Promise<void> {
  const link = await resetLinkFor(page, baseUrl, BUYER);
  await page.goto(`${baseUrl}${link}`);
  await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel("Confirm new password").fill(`${password}x`);
  await page.getByText("Passwords do not match").waitFor();
  await page.getByLabel("Confirm new password").fill(password);
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.getByRole("heading", { name: "Password changed" }).waitFor();
  // The link works once: opening it again shows the used-link page.
  await page.goto(`${baseUrl}${link}`);
  await page.getByRole("heading", { name: "Link already used" }).waitFor();
}

async function signIn(page: Page, baseUrl: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(BUYER);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

export const tests = journeys(
  {
    name: "the help page shows the sales agent and expands an FAQ answer",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/help`);
      await page.getByRole("heading", { name: "Help & FAQ" }).waitFor();
      await page.getByTestId("sales-agent").getByText("Clara Weiss").waitFor();
      for (const category of ["Orders", "Products", "Payments", "Other"]) {
        await page.getByRole("heading", { name: category, exact: true }).waitFor();
      }
      const answer = page.getByText("The minimum order value is 500 EUR");
      expect(!(await answer.isVisible()), "answers are collapsed at first");
      await page.getByRole("button", { name: "Is there a minimum order value" }).click();
      await answer.waitFor({ state: "visible" });
      // The brand is interpolated into the answers.
      await page.getByRole("button", { name: "What warranty do the devices have?" }).click();
      await page.getByText("All Lumé Atelier devices come with a one-year warranty").waitFor();
      await screenshot("help");
    },
  },
  {
    name: "the contact dialog refuses empty required fields, then sends",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/help`);
      await page.getByRole("button", { name: "Contact support" }).click();
      const dialog = page.getByRole("dialog", { name: "Contact support" });
      await dialog.waitFor();
      await dialog.getByLabel("Name").fill("");
      await dialog.getByRole("button", { name: "Send" }).click();
      const required = dialog.getByText("Field is required");
      await required.first().waitFor();
      expect((await required.count()) >= 2, "name and question are marked as required");

      await dialog.getByLabel("Name").fill("Bea Buyer");
      await dialog.getByRole("textbox", { name: "E-mail" }).fill(BUYER);
      await dialog.getByLabel("Subject").click();
      await page.getByRole("option", { name: "Invoice" }).click();
      await dialog.getByLabel("Your question").fill("Could you resend invoice 1001?");
      await dialog.locator('input[type="file"]').setInputFiles({
        name: "first.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("first"),
      });
      await dialog.locator('input[type="file"]').setInputFiles({
        name: "delivery-note.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("delivery note"),
      });
      await dialog.getByText("delivery-note.txt").waitFor();
      expect((await dialog.getByText("first.txt").count()) === 0, "a new file replaces the old");
      expect((await required.count()) === 0, "no field is marked once filled in");
      await dialog.getByRole("button", { name: "Send" }).click();
      const sent = dialog.getByTestId("support-sent");
      await sent.waitFor();
      expect(
        (await sent.textContent())?.includes("Thank you for reaching out!"),
        "the thank-you message shows",
      );
    },
  },
  {
    name: "the terms show the European entity to Demo Spa, the privacy policy its date",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.goto(`${baseUrl}/privacy/terms-and-conditions`);
      await page.getByRole("heading", { name: "Terms and Conditions" }).waitFor();
      await page.getByRole("heading", { name: "1. Scope" }).waitFor();
      expect(
        (await page.getByTestId("terms-european-entity").count()) === 0,
        "visitors see the general terms",
      );
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/privacy/terms-and-conditions`);
      const european = page.getByTestId("terms-european-entity");
      await european.waitFor();
      expect(
        (await european.textContent())?.includes("Lumé Atelier Europe B.V."),
        "Demo Spa has a tax number: the European entity is named",
      );
      await page.goto(`${baseUrl}/privacy/privacy-policy`);
      await page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
      await page.getByText("April 2025").waitFor();
    },
  },
  {
    name: "a forgotten password is reset through the mailed link",
    async run({ page, baseUrl }) {
      await requestReset(page, baseUrl, "nobody@nowhere.example");
      await requestReset(page, baseUrl, BUYER);
      await setPassword(page, baseUrl, "Fresh-Glow-2026!");
      await signIn(page, baseUrl, "Fresh-Glow-2026!");
      // Back to the demo password, so later journeys sign in as usual.
      await page.evaluate(() => localStorage.clear());
      await requestReset(page, baseUrl, BUYER);
      await setPassword(page, baseUrl, "partner-demo");
      await signIn(page, baseUrl, "partner-demo");

      await page.goto(`${baseUrl}/forgotten-password/not-a-real-token`);
      await page.getByRole("heading", { name: "Link already used" }).waitFor();
    },
  },
);
