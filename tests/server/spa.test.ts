import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { openPGlite } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { TEST_SECRET } from "../support/test-app.js";

/** The built single-page app is served beside the API; its routes never hide API 404s. */
describe("serving the built app", () => {
  const dir = mkdtempSync(join(tmpdir(), "portal-spa-"));
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title>");
    writeFileSync(join(dir, "app.js"), "console.log(1)");
    const database = await openPGlite({ memory: true });
    await migrateToLatest(database.db);
    close = database.close;
    const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_SECRET, DATA_DIR: dir });
    app = await buildApp({ config, database, staticDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers client-side routes with index.html and files as themselves", async () => {
    const page = await app.inject({
      url: "/shop/products/GLOW-MINI",
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>app</title>");
    const file = await app.inject({ url: "/app.js" });
    expect(file.body).toBe("console.log(1)");
  });

  it("keeps API, media and unknown non-page requests as problem+json 404s", async () => {
    for (const url of ["/api/v2/shop/nothing", "/media/none.svg", "/graphql/x"]) {
      const res = await app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
    const json = await app.inject({ url: "/shop", headers: { accept: "application/json" } });
    expect(json.statusCode).toBe(404);
  });
});
