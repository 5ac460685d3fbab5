import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/**
 * The real entry point, as `npm start` runs it: a fresh DATA_DIR is migrated and seeded on
 * start, the server answers, SIGTERM closes it cleanly, and the data survives a restart.
 */
describe("main.ts on a fresh PGlite data folder", () => {
  const dir = mkdtempSync(join(tmpdir(), "portal-start-"));
  const env = {
    ...process.env,
    DATA_DIR: join(dir, "db"),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
  };
  // Inside the repository, so the compiled server finds node_modules as the real build does.
  const builtDir = join("build", `start-test-${process.pid}`);
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    rmSync(builtDir, { recursive: true, force: true });
  });

  /** From source (tsx), as `npm run dev` runs it; or the compiled build, as `npm start` does. */
  async function start(port: number, extra: Record<string, string> = {}, compiled = false) {
    const args = compiled ? [join(builtDir, "main.js")] : ["--import", "tsx", "main.ts"];
    child = spawn(process.execPath, args, {
      env: { ...env, ...extra, PORT: String(port) },
      stdio: "pipe",
    });
    let log = "";
    child.stderr?.on("data", (d) => (log += d));
    child.stdout?.on("data", (d) => (log += d));
    // Creating, migrating and seeding PGlite takes seconds; on a loaded 2-core machine, more.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not start within 120 s: ${log}`);
  }
  async function stop() {
    const exited = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));
    child!.kill("SIGTERM");
    return exited;
  }

  it("migrates, seeds, serves, stops on SIGTERM and keeps its data", async () => {
    const port = await freePort();
    await start(port);
    // From loopback the health also reports the catalogue cache's size (issue 32, finding F).
    expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toMatchObject({
      status: "ok",
      catalogueCache: { entries: expect.any(Number), bytes: expect.any(Number) },
    });
    // The gateway is mounted in the same process and reaches the REST API in-process.
    const gql = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ products(perPage: 2) { totalItems items { code } } }" }),
    });
    const data = (await gql.json()) as {
      data: { products: { totalItems: number; items: unknown[] } };
    };
    expect(data.data.products.totalItems).toBeGreaterThanOrEqual(60);
    expect(data.data.products.items).toHaveLength(2);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/v2/shop/customers/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "buyer@demo-spa.example", password: "partner-demo" }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const cart = await fetch(`http://127.0.0.1:${port}/api/v2/shop/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    const { tokenValue } = (await cart.json()) as { tokenValue: string };
    expect(await stop()).toBe(0);

    // Restarted on the same folder: no re-seed, the cart and the generated JWT secret survive.
    await start(port);
    const again = await fetch(`http://127.0.0.1:${port}/api/v2/shop/orders/${tokenValue}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(200);
    expect(await stop()).toBe(0);
  }, 300_000);

  it.skipIf(!inject("pgUrl"))(
    "compiled as `npm start` runs it, migrates and seeds an empty PostgreSQL database given by DATABASE_URL",
    async () => {
      const built = spawnSync(
        process.execPath,
        ["scripts/build-server.mjs", "--outdir", builtDir],
        { encoding: "utf8" },
      );
      expect(built.status, built.stderr).toBe(0);
      const url = inject("pgUrl");
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("create database start_check");
      await admin.end();
      const port = await freePort();
      await start(port, { DATABASE_URL: url.replace(/\/postgres$/, "/start_check") }, true);
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/shop/products?itemsPerPage=1`);
      expect(
        ((await res.json()) as { "hydra:totalItems": number })["hydra:totalItems"],
      ).toBeGreaterThanOrEqual(60);
      // What the compiled server reads beside its code: translations, the GraphQL schema and
      // the machines' data (migrations were read to start at all).
      const refused = await fetch(`http://127.0.0.1:${port}/api/v2/shop/orders`, {
        headers: { "accept-language": "de" },
      });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { detail: string }).detail).not.toMatch(/^error\./);
      const gql = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ products(perPage: 1) { totalItems } }" }),
      });
      expect(((await gql.json()) as { data: unknown }).data).toBeTruthy();
      const staff = await fetch(`http://127.0.0.1:${port}/api/v2/admin/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "staff@brand.example", password: "partner-demo" }),
      });
      const { token: staffToken } = (await staff.json()) as { token: string };
      const machines = await fetch(`http://127.0.0.1:${port}/api/v2/admin/machines`, {
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(machines.status).toBe(200);
      expect(await stop()).toBe(0);
      // The data is in that PostgreSQL database, not in the PGlite folder.
      const check = new pg.Client({ connectionString: url.replace(/\/postgres$/, "/start_check") });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from products");
      await check.end();
      expect(rows[0].n).toBeGreaterThanOrEqual(60);
    },
    300_000,
  );

  it("runs the admin tool against the running server", async () => {
    const port = await freePort();
    await start(port);
    const admin = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "server/admin/cli.ts", ...args], {
        env: {
          ...env,
          ADMIN_API_URL: `http://127.0.0.1:${port}`,
          ADMIN_EMAIL: "staff@brand.example",
          ADMIN_PASSWORD: "partner-demo",
        },
        encoding: "utf8",
      });
    const out = admin("companies");
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("Demo Spa GmbH");
    const bad = admin("assign-agent", "99999", "Nora Blake", "nora@x.example");
    expect(bad.status).toBe(1);
    expect(await stop()).toBe(0);
  }, 300_000);
});
