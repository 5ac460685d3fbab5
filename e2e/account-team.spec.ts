import type { Page } from "@playwright/test";
import { expect, journeys, type E2EContext } from "./harness";

const ADMIN = "admin@demo-spa.example";
const BUYER = "buyer@demo-spa.example";
const PASSWORD = "partner-demo";

/** Signs in through the sign-in page and waits for the shop. */
async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  const agree = page.getByRole("button", { name: "Agree" });
  if (await agree.isVisible().catch(() => false)) await agree.click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

/** Waits for a toast with this text. */
async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
  await page.getByRole("combobox", { name }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The invitation link mailed to `email`, from the development outbox. */
async function invitationPath({ page, baseUrl }: E2EContext, email: string) {
  const res = await page.request.get(`${baseUrl}/dev/mail.json`);
  expect(res.ok(), `/dev/mail.json answers (${res.status()})`);
  const body = (await res.json()) as { "hydra:member": { to: string; text: string }[] };
  const mail = body["hydra:member"].find((m) => m.to === email);
  expect(mail, `an invitation mail to ${email}`);
  const path = /\/register\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(path, `the mail has a /register/{token} link: ${mail.text}`);
  return path;
}

function teamRow(page: Page, email: string) {
  return page.locator(`[data-testid="team-row"][data-email="${email}"]`);
}

export const tests = journeys(
  {
    name: "an ADMIN invites a colleague, who registers from the mailed link and signs in",
    async run(ctx) {
      const { page, baseUrl, browser, screenshot } = ctx;
      const colleague = "e2e.colleague@demo-spa.example";
      await signIn(page, baseUrl, ADMIN);
      await page.goto(`${baseUrl}/shop/account/team`);
      await page.getByRole("heading", { name: "Company users" }).waitFor();
      const own = teamRow(page, ADMIN);
      await own.waitFor();
      expect((await own.getByRole("button").count()) === 0, "no remove on one's own row");
      expect((await own.getByRole("combobox").count()) === 0, "no role change on one's own row");

      await page.getByRole("button", { name: "Invite user" }).click();
      const dialog = page.getByRole("dialog", { name: "Invite user" });
      await dialog.getByLabel("E-mail").fill("not-an-email");
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      await dialog.getByText("Please enter a valid email").waitFor();
      await dialog.getByText("Please choose a role").waitFor();
      await dialog.getByLabel("E-mail").fill(colleague);
      await choose(page, "Role", "Commercial");
      await screenshot("team-invite");
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      await toast(page, "User successfully invited!");
      await teamRow(page, colleague).getByText("Pending").waitFor();

      const path = await invitationPath(ctx, colleague);
      const other = await browser.newContext();
      try {
        const invitee = await other.newPage();
        await invitee.goto(`${baseUrl}${path}`);
        await invitee.getByRole("heading", { name: "Join your team" }).waitFor();
        await invitee.getByLabel("First name").fill("Clara");
        await invitee.getByLabel("Last name").fill("Colleague");
        await invitee.getByLabel(/^Password/).fill("clara-secret-1");
        await invitee.getByLabel("Repeat password").fill("clara-secret-1");
        const register = invitee.getByRole("button", { name: "Register" });
        // Enabled before the terms are accepted: an incomplete Register says what is missing (issue 30).
        expect(await register.isEnabled(), "Register is enabled before the terms are accepted");
        await invitee.getByRole("button", { name: "Terms & Conditions" }).click();
        const terms = invitee.getByRole("dialog", { name: "Terms & Conditions" });
        await terms.waitFor();
        await terms.getByRole("button", { name: "Accept" }).click();
        await terms.waitFor({ state: "hidden" });
        await register.click();
        await invitee
          .getByText("Your registration is complete! Log in now to get started.")
          .waitFor();
        await invitee.getByRole("link", { name: "Log in" }).click();
        await invitee.waitForURL(`${baseUrl}/login`);
        await signIn(invitee, baseUrl, colleague, "clara-secret-1");

        // The link works once.
        await invitee.goto(`${baseUrl}${path}`);
        await invitee.getByTestId("invitation-invalid").waitFor();
        expect(
          (await invitee.getByTestId("invitation-invalid-reason").textContent()) ===
            "It may have expired or already been used.",
          "a used link is worded by the page",
        );
      } finally {
        await other.close();
      }

      await page.reload();
      await teamRow(page, colleague).getByText("Active").waitFor();
      await teamRow(page, colleague).getByText("Clara Colleague").waitFor();
    },
  },
  {
    name: "an address with an account in another company is invited like any; its link says why it cannot be used",
    async run(ctx) {
      const { page, baseUrl, browser, screenshot } = ctx;
      const elsewhere = "admin@demo-retail.example";
      await signIn(page, baseUrl, ADMIN);
      await page.goto(`${baseUrl}/shop/account/team`);
      await page.getByRole("button", { name: "Invite user" }).click();
      const dialog = page.getByRole("dialog", { name: "Invite user" });
      await dialog.getByLabel("E-mail").fill(elsewhere);
      await choose(page, "Role", "Commercial");
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      // The inviter learns nothing about the address: the answer of a free one.
      await toast(page, "User successfully invited!");
      await teamRow(page, elsewhere).getByText("Pending").waitFor();

      const path = await invitationPath(ctx, elsewhere);
      const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const holder = await other.newPage();
        await holder.goto(`${baseUrl}${path}`);
        const reason = holder.getByTestId("invitation-invalid-reason");
        await reason.waitFor();
        expect(
          /already has an account with us/.test((await reason.textContent()) ?? ""),
          `the holder of the mailbox is told why: ${await reason.textContent()}`,
        );
        await holder.getByRole("link", { name: "Sign in" }).waitFor();
        await holder.screenshot({ path: "var/screenshots/invitation-email-elsewhere-390.png" });
        await other.addCookies([{ name: "locale", value: "de", url: baseUrl }]);
        await holder.reload();
        await holder
          .getByTestId("invitation-invalid-reason")
          .getByText(/bereits ein Konto/)
          .waitFor();
        await screenshot("invitation-email-elsewhere-inviter");
      } finally {
        await other.close();
      }
    },
  },
  {
    name: "an ADMIN changes a role and removes a user after confirming",
    async run({ page, baseUrl }) {
      const invitee = "new.colleague@demo-spa.example";
      await signIn(page, baseUrl, ADMIN);
      await page.goto(`${baseUrl}/shop/account/team`);
      const row = teamRow(page, invitee);
      await row.waitFor();
      await choose(page, `Change the role of ${invitee}`, "Marketing");
      await toast(page, "User successfully saved!");
      await page.reload();
      const role = teamRow(page, invitee).getByRole("combobox");
      await role.waitFor();
      expect((await role.inputValue()) === "Marketing", "the new role is kept");

      await page.getByRole("button", { name: `Remove ${invitee}` }).click();
      const confirm = page.getByRole("dialog", { name: "Remove user" });
      const text = (await confirm.textContent()) ?? "";
      expect(
        text.toLowerCase().includes("are you sure you want to remove the company user"),
        `the confirmation asks: ${text}`,
      );
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "hidden" });
      await row.waitFor();
      await page.getByRole("button", { name: `Remove ${invitee}` }).click();
      await confirm.getByRole("button", { name: "Remove" }).click();
      await toast(page, "User successfully removed!");
      await row.waitFor({ state: "detached" });
    },
  },
  {
    name: "a COMMERCIAL user reads the company details, does not see Company users, and the API refuses them",
    async run({ page, baseUrl, context }) {
      await signIn(page, baseUrl, BUYER);
      await page.goto(`${baseUrl}/shop/account`);
      await page.getByTestId("account-greeting").waitFor();
      const nav = page.getByRole("navigation", { name: /.+/ }).last();
      await nav.locator("a").first().waitFor();
      expect(
        (await page.locator('a[href="/shop/account/team"]').count()) === 0,
        "no link to the company users",
      );
      await page.goto(`${baseUrl}/shop/account/team`);
      await page.waitForURL((url) => !url.pathname.endsWith("/team"));
      expect(
        (await page.getByRole("heading", { name: "Company users" }).count()) === 0,
        "the team section is not shown",
      );
      await page.goto(`${baseUrl}/shop/account/account-details`);
      const company = page.getByTestId("company-details");
      await company.waitFor();
      const shown = (await company.textContent()) ?? "";
      expect(
        shown.includes("Demo Spa GmbH") && shown.includes("Friedrichstraße 120"),
        `company details show the name and the registered address: ${shown}`,
      );

      // The session cookie (HttpOnly: read from the browser context, not the page), sent as a
      // bearer token the way an API client would.
      const token = (await context.cookies(baseUrl)).find((c) => c.name === "token")?.value;
      const rest = await page.request.get(`${baseUrl}/api/v2/shop/shop-users`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rest.status() === 403, `REST refuses with 403, got ${rest.status()}`);
      const gql = await page.request.post(`${baseUrl}/graphql`, {
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        data: { query: "{ companyUsers { id } }" },
      });
      const body = (await gql.json()) as { errors?: { extensions?: { code?: string } }[] };
      expect(body.errors?.[0]?.extensions?.code === "FORBIDDEN", JSON.stringify(body));
    },
  },
  {
    name: "an address is added with a province, edited, made default shipping (preselected in checkout) and removed",
    async run({ page, baseUrl, screenshot }) {
      await signIn(page, baseUrl, BUYER);
      await page.goto(`${baseUrl}/shop/account/address-book`);
      await page.getByRole("heading", { name: "Address book" }).waitFor();
      const billing = "Friedrichstraße 120, 10117 Berlin, Germany";
      const shipping = "Jungfernstieg 7, 20354 Hamburg, Germany";
      await page.getByText(billing).waitFor();
      expect(
        (await page.getByRole("button", { name: `Edit ${billing}` }).count()) === 0,
        "the default billing address cannot be edited",
      );
      expect(
        (await page.getByRole("button", { name: `Remove ${shipping}` }).count()) === 0,
        "the default shipping address cannot be removed",
      );

      await page.getByRole("button", { name: "Add address" }).click();
      const dialog = page.getByRole("dialog", { name: "Add address" });
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText("Field is required").first().waitFor();
      await dialog.getByLabel("First name").fill("E");
      await dialog.getByText("Minimum 2 characters").waitFor();
      await dialog.getByLabel("First name").fill("Erin");
      await dialog.getByLabel("Last name").fill("Example");
      await dialog.getByLabel("Company").fill("Demo Spa GmbH");
      await dialog.getByLabel("Street").fill("1 Test Lane");
      await dialog.getByLabel("Postcode").fill("10001");
      await dialog.getByLabel("City").fill("New York");
      expect(
        (await dialog.getByRole("combobox", { name: /^State or province/ }).count()) === 0,
        "no province field before a country with provinces is chosen",
      );
      await choose(page, "Country", "United States");
      await dialog.getByRole("combobox", { name: /^State or province/ }).waitFor();
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText("Field is required").waitFor();
      await choose(page, "State or province", "New York");
      await screenshot("address-dialog");
      await dialog.getByRole("button", { name: "Save" }).click();
      await toast(page, "Address successfully saved!");
      const added = "1 Test Lane, 10001 New York, United States";
      await page.getByText(added, { exact: true }).waitFor();

      await page.getByRole("button", { name: `Edit ${added}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit address" });
      await edit.getByLabel("Street").fill("2 Test Lane");
      await edit.getByRole("button", { name: "Save" }).click();
      const edited = "2 Test Lane, 10001 New York, United States";
      await page.getByText(edited, { exact: true }).waitFor();

      // A toast may cover the switch: the click goes to the switch itself.
      await page.getByLabel(`Default shipping address: ${edited}`).dispatchEvent("click");
      // The new default can no longer be removed, and its switch is locked on.
      await page.getByRole("button", { name: `Remove ${edited}` }).waitFor({ state: "detached" });
      expect(
        await page.getByLabel(`Default shipping address: ${edited}`).isDisabled(),
        "the switch is disabled on the default shipping address",
      );

      // The new default shipping address is the one checkout starts with.
      await page.goto(`${baseUrl}/shop/products/AURA-LED-MASK`);
      await page.getByLabel("Quantity").fill("3");
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByText("The item has been successfully added to your cart!").first().waitFor();
      await page.goto(`${baseUrl}/checkout`);
      await page.getByRole("button", { name: "Checkout", exact: true }).click();
      const chosen = page.getByRole("combobox", { name: "Shipping address" });
      await chosen.waitFor();
      expect(
        (await chosen.inputValue()) === edited,
        `checkout preselects the default shipping address: ${await chosen.inputValue()}`,
      );
      await page.goto(`${baseUrl}/shop/account/address-book`);
      await page.getByText(edited, { exact: true }).waitFor();

      // Back to the previous default, then the address can go (after confirming).
      await page.getByLabel(`Default shipping address: ${shipping}`).dispatchEvent("click");
      await page.getByRole("button", { name: `Remove ${edited}` }).waitFor();
      await page.getByRole("button", { name: `Remove ${edited}` }).click();
      const confirm = page.getByRole("dialog", { name: "Remove address" });
      await confirm.getByRole("button", { name: "Remove" }).click();
      await toast(page, "Address successfully removed!");
      await page.getByText(edited, { exact: true }).waitFor({ state: "detached" });
    },
  },
  {
    name: "my information is edited, the password changed, and the new one signs in",
    async run({ page, baseUrl }) {
      await signIn(page, baseUrl, BUYER);
      await page.goto(`${baseUrl}/shop/account/user-details`);
      await page.getByRole("heading", { name: "My information" }).waitFor();
      const details = page.getByRole("form", { name: "Personal details" });
      await details.getByLabel("Job title").fill("Head of purchasing");
      await details.getByLabel("First name").fill("");
      await details.getByRole("button", { name: "Save" }).click();
      await details.getByText("Field is required").waitFor();
      await details.getByLabel("First name").fill("Bea");
      await details.getByRole("button", { name: "Save" }).click();
      await toast(page, "Your details have been saved.");
      // The greeting follows the saved name without a reload.
      await page
        .getByTestId("account-greeting")
        .getByText(/^Hello, Bea /)
        .waitFor();
      await page.reload();
      await page.getByRole("form", { name: "Personal details" }).getByLabel("Job title").waitFor();
      expect(
        (await page.getByLabel("Job title").inputValue()) === "Head of purchasing",
        "the job title is kept",
      );

      const block = page.getByRole("form", { name: "Change password" });
      const submit = block.getByRole("button", { name: "Change password" });
      await block.getByLabel("Current password").fill(PASSWORD);
      await block.getByLabel("New password", { exact: true }).fill("bianca-new-secret");
      expect(await submit.isDisabled(), "disabled until all three fields are filled");
      await block.getByLabel("Repeat new password").fill("bianca-other-secret");
      await submit.click();
      await block.getByRole("alert").waitFor();
      await block.getByLabel("Repeat new password").fill("bianca-new-secret");
      await submit.click();
      await toast(page, "Password successfully changed!");

      // This session goes on with its fresh token.
      await page.reload();
      await page.getByRole("heading", { name: "My information" }).waitFor();
      await page.getByTestId("account-greeting").waitFor();

      await signIn(page, baseUrl, BUYER, "bianca-new-secret");

      // Journeys share one database: the demo password goes back for the ones after this.
      await page.goto(`${baseUrl}/shop/account/user-details`);
      const again = page.getByRole("form", { name: "Change password" });
      await again.getByLabel("Current password").fill("bianca-new-secret");
      await again.getByLabel("New password", { exact: true }).fill(PASSWORD);
      await again.getByLabel("Repeat new password").fill(PASSWORD);
      await again.getByRole("button", { name: "Change password" }).click();
      await toast(page, "Password successfully changed!");
    },
  },
);
