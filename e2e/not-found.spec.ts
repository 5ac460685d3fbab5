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
    },
  },
  {
    name: "a used password-reset link says so and links to sign-in",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/forgotten-password/used-token-123`);
      await page.getByText("This link no longer works because it has already been used.").waitFor();
      await page.getByRole("link", { name: "Go to sign in" }).click();
      await page.waitForURL(`${baseUrl}/login`);
      expect(page.url().endsWith("/login"), "on /login");
    },
  },
);
