import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPortal } from "../../portal.js";
import { signToken } from "../../server/http/auth.js";
import { loadConfig } from "../../server/config.js";
import type { Database } from "../../server/db/database.js";
import { BRAND } from "../../src/lib/brand.js";
import { cloneDatabase, TEST_SECRET } from "../support/test-app.js";

const ROOT = resolve(import.meta.dirname, "..", "..");

/** A locale file's text at `path` ("hero.title"), with the brand filled in. */
function text(language: string, namespace: string, path: string): string {
  const texts = JSON.parse(
    readFileSync(join(ROOT, "locales", language, `${namespace}.json`), "utf8"),
  ) as Record<string, unknown>;
  const value = path.split(".").reduce<unknown>((node, key) => (node as never)[key], texts);
  return String(value).replaceAll("{{brand}}", BRAND.name);
}

/** The text of the first element `tag` whose opening tag matches `attributes`, tags stripped. */
function elementText(html: string, tag: string, attributes = ""): string | null {
  const match = new RegExp(`<${tag}\\b[^>]*${attributes}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html);
  return match
    ? match[1]!
        .replace(/<[^>]+>/g, "")
        .replace(/&#x27;/g, "'")
        .trim()
    : null;
}

/**
 * Decision 026: the server sends each page already rendered, in the visitor's language, so the
 * heading and the main action are in the HTML before any script runs; the only scripts are the
 * bundle and the JSON data (the page's policy allows no inline script).
 */
describe("server-rendered pages", () => {
  const dist = mkdtempSync(join(tmpdir(), "portal-ssr-"));
  let app: FastifyInstance;
  let db: Database["db"];
  let close: () => Promise<void>;
  beforeAll(async () => {
    // The real build: the browser app and the renderer (dist/ssr) from one `vite build`.
    const build = spawnSync(
      process.execPath,
      [join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--outDir", dist, "--emptyOutDir"],
      { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", timeout: 600_000 },
    );
    if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}`);
    // The demo data: a signed-in page is one of a user the database knows (decision 037).
    const { database } = await cloneDatabase("pglite");
    db = database.db;
    close = database.close;
    const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_SECRET, DATA_DIR: dist });
    // The portal as `npm start` composes it: the gateway the pages' first reads go through.
    app = await buildPortal({ config, database, staticDir: dist });
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await close?.();
    rmSync(dist, { recursive: true, force: true });
  });

  /** The style sheets of a module's chunk and of the chunks it imports, from Vite's manifest. */
  const sheetsOf = (module: string): string[] => {
    const manifest = JSON.parse(
      readFileSync(join(dist, ".vite", "manifest.json"), "utf8"),
    ) as Record<string, { css?: string[]; imports?: string[] }>;
    const sheets = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const sheet of manifest[key]?.css ?? []) sheets.add(sheet);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    visit(module);
    expect(sheets.size).toBeGreaterThan(0);
    return [...sheets];
  };

  const page = async (url: string, headers: Record<string, string>) => {
    const res = await app.inject({ url, headers: { accept: "text/html", ...headers } });
    expect(res.headers["content-type"]).toContain("text/html");
    return res;
  };

  /** No script but the bundle's module and the JSON data. */
  function expectNoInlineScript(html: string) {
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    for (const script of scripts)
      expect(script).toMatch(/type="module"[^>]*src=|type="application\/json"/);
  }

  it("renders the landing page in the language cookie's language, then Accept-Language's", async () => {
    for (const [headers, language] of [
      [{ cookie: "locale=de", "accept-language": "fr-FR,fr;q=0.9" }, "de"],
      [{ "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" }, "fr"],
      [{}, "en"],
    ] as const) {
      const res = await page("/", headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${language}"`);
      const root = res.body.slice(res.body.indexOf('<div id="root">'));
      expect(elementText(root, "h1")).toBe(text(language, "landing", "hero.title"));
      // The main actions: become a partner, sign in.
      expect(elementText(root, "a", 'href="/register"')).toBe(
        text(language, "landing", "hero.becomePartner"),
      );
      expect(elementText(root, "a", 'href="/login"')).toBe(
        text(language, "landing", "hero.signIn"),
      );
      const data = /<script type="application\/json" id="server-data">(.*?)<\/script>/.exec(
        res.body,
      );
      // With the answers of the landing page's bestsellers read (issue 31), no session.
      expect(JSON.parse(data![1]!)).toEqual({
        language,
        signedIn: false,
        queries: { [`landing-bestsellers-visitor-${language}`]: expect.anything() },
      });
      expectNoInlineScript(res.body);
    }
  });

  it("renders the sign-in page with its heading and submit button, and its style sheets", async () => {
    for (const language of ["it", "en"]) {
      const res = await page("/login", { cookie: `locale=${language}` });
      expect(res.statusCode).toBe(200);
      const root = res.body.slice(res.body.indexOf('<div id="root">'));
      expect(elementText(root, "h1")).toBe(text(language, "auth", "signIn.title"));
      expect(elementText(root, "button", 'type="submit"')).toBe(
        text(language, "auth", "signIn.submit"),
      );
      expect(root).toMatch(/<input[^>]*type="email"/);
      // The page's own sheets are linked in the head, so it is styled before its script runs.
      const head = res.body.slice(0, res.body.indexOf("</head>"));
      // Every sheet of the page's chunk and what it imports (the password field's among them).
      for (const sheet of sheetsOf("src/features/auth/sign-in-page.tsx"))
        expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${sheet}">`);
      expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/sign-in-page-/);
      // Every sheet comes before any script or preload (issue 31): the first paint waits on
      // the sheets alone, so they take the first connections.
      const lastSheet = head.lastIndexOf('rel="stylesheet"');
      const firstScript = Math.min(head.indexOf("<script"), head.indexOf('rel="modulepreload"'));
      expect(lastSheet).toBeGreaterThan(0);
      expect(lastSheet).toBeLessThan(firstScript);
      expectNoInlineScript(res.body);
    }
  });

  it("renders a signed-in page's layout from the token cookie, and unknown pages as 404", async () => {
    const token = await signToken(new TextEncoder().encode(TEST_SECRET), 1);
    const shop = await page("/shop", { cookie: `token=${token}; locale=es` });
    expect(shop.statusCode).toBe(200);
    expect(shop.body).toContain('"signedIn":true');
    // The page tells the browser who is signed in and until when, never the token.
    expect(shop.body).toMatch(/"session":\{"customerId":"1","expiresAt":\d+\}/);
    expect(shop.body).not.toContain(token);
    // The signed-in header: the brand links to the shop, the help link is there.
    expect(shop.body).toMatch(/<a[^>]*href="\/shop\/help"/);
    expect(elementText(shop.body, "a", 'href="/shop/help"')).toBe(
      text("es", "common", "topbar.help"),
    );
    // A forged token is no session.
    const forged = await page("/shop", { cookie: `token=${token.slice(0, -2)}xx` });
    expect(forged.body).toContain('"signedIn":false');
    // A signed-out (revoked) token is no session either, and its cookie is cleared.
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
      jti: string;
      exp: number;
    };
    await db
      .insertInto("revoked_tokens")
      .values({ jti: claims.jti, expires_at: new Date(claims.exp * 1000) })
      .execute();
    const revoked = await page("/shop", { cookie: `token=${token}` });
    expect(revoked.body).toContain('"signedIn":false');
    expect(String(revoked.headers["set-cookie"])).toMatch(/^token=;/);
    const missing = await page("/no-such-page", {});
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"><');
  });

  it("answers a product page of an unknown product with 404, a known one with 200", async () => {
    const token = await signToken(new TextEncoder().encode(TEST_SECRET), 1);
    const cookie = `token=${token}`;
    const known = await page("/shop/products/GLOW-MINI", { cookie });
    expect(known.statusCode).toBe(200);
    const unknown = await page("/shop/products/NO-SUCH-PRODUCT", { cookie });
    expect(unknown.statusCode).toBe(404);
    // The page itself renders (its layout, the not-found state in the browser).
    expect(unknown.body).toContain('"signedIn":true');
  });

  it("titles a product page with the product's name in the page's language (issue 30)", async () => {
    const token = await signToken(new TextEncoder().encode(TEST_SECRET), 1);
    for (const language of ["de", "fr", "it", "es", "en"]) {
      const res = await page("/shop/products/GLOW-MINI", {
        cookie: `token=${token}`,
        "accept-language": language,
      });
      const row = await db
        .selectFrom("products")
        .leftJoin("product_translations as tr", (j) =>
          j.onRef("tr.product_code", "=", "products.code").on("tr.locale", "=", language),
        )
        .select(["products.name as own", "tr.name as translated"])
        .where("products.code", "=", "GLOW-MINI")
        .executeTakeFirstOrThrow();
      const name = row.translated ?? row.own;
      if (language !== "en") expect(row.translated, `${language} has its own name`).toBeTruthy();
      const title = text(language, "common", "pageTitle.template").replace("{{page}}", name);
      expect(elementText(res.body, "title")).toBe(title);
    }
    // An unknown product's page keeps the frame's own word ("Produkt").
    const unknown = await page("/shop/products/NO-SUCH-PRODUCT", {
      cookie: `token=${token}`,
      "accept-language": "de",
    });
    expect(elementText(unknown.body, "title")).toBe(
      text("de", "common", "pageTitle.template").replace(
        "{{page}}",
        text("de", "common", "pageTitle.product"),
      ),
    );
  });

  it("renders the pages partners land on with their data, and hands the answers to the browser (issue 31)", async () => {
    const token = await signToken(new TextEncoder().encode(TEST_SECRET), 1);
    const cookie = `token=${token}`;
    const german = "Glow Mini Schall-Reinigungsgerät";
    const cards = (html: string) => (html.match(/data-testid="product-card"/g) ?? []).length;
    /** The answers the page carries for the browser's first render, by key. */
    const answers = (html: string) => {
      const json = /<script type="application\/json" id="server-data">([^<]*)<\/script>/.exec(html);
      return (JSON.parse(json![1]!) as { queries?: Record<string, unknown> }).queries ?? {};
    };

    // Shop home: the bestsellers in the page's language, at the partner's prices.
    const shop = await page("/shop", { cookie, "accept-language": "de" });
    expect(cards(shop.body)).toBeGreaterThanOrEqual(4);
    expect(shop.body).toContain(german);
    expect(shop.body).toMatch(/\d+,\d\d\u00a0€/);
    expect(Object.keys(answers(shop.body))).toEqual(
      expect.arrayContaining(["bestsellers-de", "home-collections-de"]),
    );
    expect(shop.body).not.toContain(token);
    // The partner's own prices: kept by no shared cache.
    expect(shop.headers["cache-control"]).toBe("private, no-cache");

    // A category: its products.
    const category = await page("/shop/category/skincare", { cookie, "accept-language": "en" });
    expect(cards(category.body)).toBeGreaterThan(4);
    expect(Object.keys(answers(category.body))).toContain("taxon-skincare-en");

    // A product: its name as the heading, its price and its colours.
    const product = await page("/shop/products/GLOW-MINI", { cookie, "accept-language": "de" });
    expect(elementText(product.body, "h1")).toBe(german);
    expect(product.body).toContain('data-testid="product-price"');
    expect(product.body).toMatch(/Rosé|Rose/);
    expect(Object.keys(answers(product.body))).toContain("product-GLOW-MINI-de");

    // Without a session: the landing page's bestsellers without prices, and a shop page is the
    // sign-in's business, not the data's.
    const landing = await page("/", { "accept-language": "en" });
    expect((landing.body.match(/data-testid="landing-bestseller"/g) ?? []).length).toBe(4);
    const landingAnswers = answers(landing.body);
    expect(Object.keys(landingAnswers)).toEqual(["landing-bestsellers-visitor-en"]);
    expect(JSON.stringify(landingAnswers)).not.toMatch(/"price":\d/);
    const visitor = await page("/shop", {});
    expect(cards(visitor.body)).toBe(0);
    expect(answers(visitor.body)).toEqual({});
  });
});
