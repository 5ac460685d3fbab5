import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, type TestApp } from "../support/test-app.js";

/**
 * The admin tool as people run it: a child process talking HTTP to a listening app. The app
 * runs in this process, so the child is awaited asynchronously (a synchronous spawn would
 * block the very server it calls).
 */
describe.each(backends)("admin CLI against the API on %s", (backend) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  function cli(args: string[], env: Record<string, string> = {}) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "server/admin/cli.ts", ...args], {
        env: {
          PATH: process.env.PATH ?? "",
          ADMIN_API_URL: url,
          ADMIN_EMAIL: "staff@brand.example",
          ADMIN_PASSWORD: "partner-demo",
          ...env,
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

  const orderRow = (state: string, companyId = 1) =>
    t.db
      .selectFrom("orders")
      .selectAll()
      .where("state", "=", state)
      .where("company_id", "=", companyId)
      .orderBy("id")
      .executeTakeFirstOrThrow();

  it("prints help, and refuses usage errors with exit code 2", async () => {
    const help = await cli(["help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("assign-agent <company-id> <name> <email>");
    const usageErrors = [
      [],
      ["frobnicate"],
      ["orders", "--colour", "red"],
      ["pay", "000100009", "12,50"],
      ["approve", "1", "--price-list", "EUR_CONTRACT"],
      ["split", "000100009", "1,2"],
      ["move", "000100009"],
    ];
    const results = await Promise.all(usageErrors.map((args) => cli(args)));
    for (const [n, res] of results.entries()) {
      expect(res.code, `${usageErrors[n]!.join(" ")}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain("usage: npm run admin");
    }
    expect((await cli(["companies"], { ADMIN_API_URL: "not a url" })).code).toBe(2);
    const anonymous = await cli(["companies"], { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
    expect(anonymous.code).toBe(2);
    expect(anonymous.stderr).toContain("ADMIN_EMAIL");
  }, 60_000);

  it("lists applications, approves one and the company exists", async () => {
    const list = await cli(["applications", "--status", "pending"]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain("owner@glow-studio.example");
    const { id } = await t.db
      .selectFrom("partner_applications")
      .select("id")
      .where("email", "=", "owner@glow-studio.example")
      .executeTakeFirstOrThrow();
    const approve = await cli([
      "approve",
      String(id),
      "--price-list",
      "EUR_CONTRACT",
      "--minimum",
      "750.00",
      "--agent-name",
      "Clara Weiss",
      "--agent-email",
      "clara.weiss@lume-atelier.example",
    ]);
    expect(approve.code, approve.stderr).toBe(0);
    expect(approve.stdout).toContain('"Glow Studio SARL" created');
    const company = await t.db
      .selectFrom("companies")
      .selectAll()
      .where("name", "=", "Glow Studio SARL")
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      minimal_order_value: 75_000,
      price_list_code: "EUR_CONTRACT",
      sales_agent_email: "clara.weiss@lume-atelier.example",
    });
    const companies = await cli(["companies"]);
    expect(companies.code).toBe(0);
    expect(companies.stdout).toContain("Glow Studio SARL");
    expect(companies.stdout).toContain("750.00 EUR");

    // Approving again is the API's 409, shown as its detail with exit code 1.
    const again = await cli([
      "approve",
      String(id),
      "--price-list",
      "EUR_CONTRACT",
      "--agent-name",
      "Clara Weiss",
      "--agent-email",
      "clara.weiss@lume-atelier.example",
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("This application has already been reviewed.");
  }, 60_000);

  it("moves an order by number, and reports a refused move with exit code 1", async () => {
    const order = await orderRow("new");
    const moved = await cli(["move", order.number!, "approved"]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`Order ${order.number}: new -> approved`);
    expect((await orderRow("approved")).state).toBe("approved");
    const refused = await cli(["move", order.token_value, "new"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "An order in state approved cannot be moved to new. Possible next states: shipped, cancelled.",
    );
    // A token starting with "-" is a value, not an option.
    await t.db
      .updateTable("orders")
      .set({ token_value: `-dash${order.token_value}` })
      .where("id", "=", order.id)
      .execute();
    const dashed = await cli(["move", `-dash${order.token_value}`, "new"]);
    expect(dashed.code, dashed.stderr).toBe(1);
    expect(dashed.stderr).toContain("cannot be moved to new");
    const unknown = await cli(["move", "999999999", "approved"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No order with number 999999999.");
  }, 60_000);

  it("records a partial then a full payment, and refuses too much", async () => {
    const order = await orderRow("waiting", 2);
    const partial = await cli(["pay", order.token_value, "120.50", "--method", "invoice"]);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stdout).toContain("received 120.50 USD; payment state partially_paid");
    const rest = ((order.total - 12_050) / 100).toFixed(2);
    const tooMuch = await cli(["pay", order.number!, ((order.total - 12_049) / 100).toFixed(2)]);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toContain("The amount is larger than what is left to pay");
    expect(tooMuch.stderr).toContain("amount:");
    const full = await cli(["pay", order.number!, rest]);
    expect(full.code, full.stderr).toBe(0);
    expect(full.stdout).toContain("payment state paid; left to pay 0.00 USD");
  }, 60_000);

  it("splits an order, lists orders and the audit trail, assigns an agent", async () => {
    const order = await orderRow("payment missing");
    const items = await t.db
      .selectFrom("order_items")
      .select(["id", "quantity"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    const [first, ...others] = items;
    const split = await cli([
      "split",
      order.number!,
      `${first!.id}:1,${others.map((i) => i.id).join(",")}`,
      `${first!.id}:${first!.quantity - 1}`,
    ]);
    expect(split.code, split.stderr).toBe(0);
    expect(split.stdout).toContain(`${order.number}-2`);
    const orders = await cli(["orders", "--company", "1", "--state", "payment_missing"]);
    expect(orders.code).toBe(0);
    expect(orders.stdout).toContain(`${order.number}-2`);
    const agent = await cli(["assign-agent", "1", "Nora Blake", "nora.blake@lume-atelier.example"]);
    expect(agent.code, agent.stderr).toBe(0);
    expect(agent.stdout).toContain("Demo Spa GmbH: sales agent Nora Blake");
    const audit = await cli(["audit", "--company", "1", "--limit", "5"]);
    expect(audit.code, audit.stderr).toBe(0);
    expect(audit.stdout).toContain("sales_agent_assigned");
    expect(audit.stdout).toContain("created_by_split");
    const badAgent = await cli(["assign-agent", "1", "Nora Blake", "not-an-email"]);
    expect(badAgent.code).toBe(1);
    expect(badAgent.stderr).toContain("email: Please enter a valid email.");
  }, 60_000);

  it("rejects an application, and fails cleanly on bad credentials or no server", async () => {
    const { id } = await t.db
      .insertInto("partner_applications")
      .values({
        email: "hello@cli-reject.example",
        company_name: "CLI Reject Ltd",
        country_code: "DE",
        payload: JSON.stringify({ companyName: "CLI Reject Ltd" }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const reject = await cli(["reject", String(id), "--reason", "Not a fit"]);
    expect(reject.code, reject.stderr).toBe(0);
    expect(reject.stdout).toContain("rejected");
    const wrong = await cli(["companies", "--password", "wrong-password"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Invalid credentials.");
    const down = await cli(["companies"], { ADMIN_API_URL: "http://127.0.0.1:9" });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain("cannot reach the portal at http://127.0.0.1:9");
  }, 60_000);
  it("lists a price list's tiered entries and sets, refuses and removes volume prices", async () => {
    const listed = await cli(["price-entries", "EUR_CONTRACT", "--tiered"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("FIRM-LIFT-CREAM-50ML");
    expect(listed.stdout).toContain("1-11 24.00 | 12-47 22.50 | 48+ 21.00");
    const set = await cli([
      "volume-prices",
      "EUR_CONTRACT",
      "PORE-CLAY-MASK-75ML",
      "1:15.50",
      "10:14.00",
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe("PORE-CLAY-MASK-75ML in EUR_CONTRACT: 1-9 15.50 | 10+ 14.00\n");
    const refused = await cli([
      "volume-prices",
      "EUR_CONTRACT",
      "PORE-CLAY-MASK-75ML",
      "1:15.50",
      "10:16.00",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("volumePrices[1].price");
    expect((await cli(["volume-prices", "EUR_CONTRACT", "PORE-CLAY-MASK-75ML", "1-15"])).code).toBe(
      2,
    );
    const removed = await cli(["volume-prices", "EUR_CONTRACT", "PORE-CLAY-MASK-75ML", "none"]);
    expect(removed.stdout).toBe(
      "PORE-CLAY-MASK-75ML in EUR_CONTRACT: no volume prices (15.50 EUR)\n",
    );
    const tiers = await t.db
      .selectFrom("variant_price_tiers")
      .select("min_quantity")
      .where("variant_code", "=", "PORE-CLAY-MASK-75ML")
      .execute();
    expect(tiers).toEqual([]);
  }, 60_000);
});
