import { expect, journeys } from "./harness";

export const tests = journeys(
  {
    name: "a visitor without staff sign-in sees no machine data, not even through the API",
    async run({ page, baseUrl }) {
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(`${baseUrl}/machines`);
      await page.getByRole("heading", { name: "Staff sign-in" }).waitFor();
      const text = (await page.locator("main, body").first().textContent()) ?? "";
      expect(!/stateDiagram|checkout|sessionCheck/.test(text), "no machine name or diagram shown");
      expect((await page.getByTestId("machine").count()) === 0, "no machine listed");
      expect(
        !requests.some((u) => u.includes("/api/v2/admin/machines")),
        "the page does not ask for the machines before a staff sign-in",
      );
      const status = await page.evaluate(async () => {
        const res = await fetch("/api/v2/admin/machines");
        return res.status;
      });
      expect(status === 401, `the API refuses a visitor: ${status}`);

      // A shop user's sign-in is no staff sign-in.
      await page.getByLabel("Email").fill("admin@demo-spa.example");
      await page.locator("input[type=password]").fill("partner-demo");
      await page.locator("form").getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").waitFor();
      expect((await page.getByTestId("machine").count()) === 0, "still no machine listed");
    },
  },
  {
    name: "staff sign in on /machines, see every machine and a rendered diagram",
    async run({ page, context, baseUrl, screenshot }) {
      await page.goto(`${baseUrl}/machines`);
      await page.getByRole("heading", { name: "Staff sign-in" }).waitFor();
      await page.getByRole("button", { name: "Agree" }).click();
      await page.getByLabel("Email").fill("staff@brand.example");
      await page.locator("input[type=password]").fill("partner-demo");
      await page.locator("form").getByRole("button", { name: "Sign in" }).click();
      const machines = page.getByTestId("machine");
      await machines.first().waitFor();
      const count = await machines.count();
      expect(count >= 10, `the machines are listed: ${count}`);
      const session = machines.filter({ hasText: /^session/ });
      await session.getByRole("button").first().click();
      const diagram = page.getByTestId("machine-diagram");
      await diagram.waitFor({ timeout: 30_000 });
      const svg = diagram.locator("svg");
      await svg.waitFor();
      const label = (await svg.textContent()) ?? "";
      expect(label.includes("checking") && label.includes("valid"), `states drawn: ${label}`);
      await screenshot("machines");

      // The Mutants tab shows the machine's mutation score as the API serves it, and the
      // mutants that survived (decision 036).
      const served = (await page.evaluate(async () => {
        const token = sessionStorage.getItem("portal.staffToken");
        const res = await fetch("/api/v2/admin/machines", {
          headers: { Authorization: `Bearer ${token}` },
        });
        return res.json();
      })) as {
        machines: {
          name: string;
          mutation: { mutants: number; pathScore: number; score: number; survivors: unknown[] };
        }[];
      };
      const mutation = served.machines.find((m) => m.name === "session")?.mutation;
      await session.getByRole("tab", { name: "Mutants" }).click();
      const panel = session.getByRole("tabpanel");
      const expected = mutation
        ? `${mutation.mutants} mutants: ${mutation.pathScore}% killed by the generated path tests alone, ${mutation.score}% by every test.`
        : "No mutation score yet for this machine (npm run test:mutation).";
      await panel.getByText(expected).waitFor();
      const rows = await panel.locator("tbody tr").count();
      expect(rows === (mutation?.survivors.length ?? 0), `one row per survivor: ${rows}`);
      await session.getByRole("tab", { name: "Diagram" }).click();

      // The largest diagrams (history states, parallel regions) draw too.
      for (const name of ["checkout", "profile"]) {
        await machines
          .filter({ hasText: new RegExp(`^${name}`) })
          .getByRole("button")
          .first()
          .click();
      }
      await page.waitForFunction(
        () => document.querySelectorAll("[data-testid=machine-diagram] svg").length >= 3,
        undefined,
        { timeout: 60_000 },
      );
      expect(
        (await page.getByText("The diagram could not be drawn.").count()) === 0,
        "every opened diagram drew",
      );

      // The live view: this tab runs no session actor on /machines, and says so.
      await session.getByRole("button", { name: "Live view" }).click();
      const dialog = page.getByRole("dialog");
      await dialog
        .getByText("No session actor is running in this browser.", { exact: false })
        .waitFor();
      await dialog.getByTestId("machine-diagram").locator("svg").waitFor();

      // Another tab of this browser announces its session actor's state: the view follows it.
      const other = await context.newPage();
      await other.goto(`${baseUrl}/privacy/privacy-policy`);
      for (const value of ["checking", "valid"]) {
        await other.evaluate((v) => {
          new BroadcastChannel("portal.live-actors").postMessage({
            kind: "state",
            name: "session",
            value: v,
          });
        }, value);
        await dialog.getByText(`Current state: ${value}`).waitFor();
        // The diagram redraws after the text: wait for the highlight to move to this state.
        await dialog
          .locator("svg .activeState", { hasText: value })
          .first()
          .waitFor({ timeout: 30_000 });
      }
      const lit = (await dialog.locator("svg .activeState").first().textContent()) ?? "";
      expect(lit.includes("valid"), `the current state is highlighted: ${lit}`);
      await other.close();
      await page.keyboard.press("Escape");

      // The token stays for this tab: a reload shows the list again without signing in.
      await page.reload();
      await machines.first().waitFor();
      const token = await page.evaluate(() => sessionStorage.getItem("portal.staffToken"));
      expect(token !== null, "staff token kept in session storage");
      // Signing out revokes the token on the server (issue 18): a copy of it opens nothing.
      const signedOut = page.waitForResponse(
        (r) => r.url().endsWith("/api/v2/admin/token") && r.request().method() === "DELETE",
      );
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Staff sign-in" }).waitFor();
      expect((await signedOut).status() === 204, "the sign-out reached the server");
      expect(
        (await page.evaluate(() => sessionStorage.getItem("portal.staffToken"))) === null,
        "the tab forgot the token",
      );
      const reused = await page.evaluate(async (value) => {
        const res = await fetch("/api/v2/admin/machines", {
          headers: { Authorization: `Bearer ${value}` },
        });
        return res.status;
      }, token);
      expect(reused === 401, `the signed-out token is refused: ${reused}`);
    },
  },
);
