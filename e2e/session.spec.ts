import { expect, journeys } from "./harness";

export const tests = journeys({
  name: "the shop without a stored token says 'Session expired' and goes to /login",
  async run({ page, baseUrl }) {
    const started = Date.now();
    await page.goto(`${baseUrl}/shop`);
    await page.getByText("Session expired").waitFor({ timeout: 5000 });
    await page.waitForURL(`${baseUrl}/login`, { timeout: 6000 });
    const elapsed = Date.now() - started;
    expect(elapsed >= 2000, `redirect waits for the notice (${elapsed} ms)`);
  },
});
