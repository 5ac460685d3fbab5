import { expect, journeys } from "./harness";

export const tests = journeys(
  {
    name: "the site's icon is served at /favicon.ico",
    async run({ page, baseUrl }) {
      const res = await page.request.get(`${baseUrl}/favicon.ico`);
      expect(res.status() === 200, `favicon.ico answers ${res.status()}`);
      const body = await res.body();
      expect(body.readUInt16LE(2) === 1, "an .ico file");
    },
  },
  {
    name: "an unknown address shows the not-found page",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/no/such/page`);
      await page.getByText("The page you are looking for does not exist.").waitFor();
      await page.getByTestId("not-found-code").getByText("404").waitFor();
    },
  },
  {
    name: "a used password-reset link says so and links to sign-in",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/forgotten-password/used-token-123`);
      await page.getByText("This link no longer works because it has already been used.").waitFor();
      // A used link is not a missing page: no big "404" above the message.
      expect(
        !(await page.locator("#root").innerText()).includes("404"),
        "no 404 above a used link's message",
      );
      await page.getByRole("link", { name: "Go to sign in" }).click();
      await page.waitForURL(`${baseUrl}/login`);
      expect(page.url().endsWith("/login"), "on /login");
    },
  },
  {
    name: "an unknown or used invitation link says so once and shows the ways on",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/register/no-such-invitation`);
      await page
        .getByRole("heading", { name: "This invitation link does not work", level: 1 })
        .waitFor();
      const main = page.getByTestId("invitation-invalid");
      await main.waitFor();
      const body = (await page.locator("main, #root").first().innerText()).toLowerCase();
      const times = (phrase: string) => body.split(phrase).length - 1;
      expect(
        times("expired") === 1 && times("does not work") === 1 && times("not valid") === 0,
        `the reason is said once: ${body}`,
      );
      expect(
        (await page.getByText("Set your name and a password").count()) === 0,
        "no invitation lead above a link that does not work",
      );
      const href = (name: string) => main.getByRole("link", { name }).getAttribute("href");
      expect((await href("Sign in")) === "/login", "a way to sign in");
      expect((await href("Choose a new one")) === "/forgotten-password", "a way to a new password");
      expect((await href("partners@lume-atelier.example"))?.startsWith("mailto:"), "a way to help");
    },
  },
);
