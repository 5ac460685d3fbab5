import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../locales/de/server.json" with { type: "json" };
import en from "../../locales/en/server.json" with { type: "json" };
import fr from "../../locales/fr/server.json" with { type: "json" };
import italian from "../../locales/it/server.json" with { type: "json" };
import type { TestCardGateway } from "../../server/payments/test-gateway.js";
import {
  backends,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
  type TestResponse,
} from "../support/test-app.js";

const API = "/api/v2/shop";
const TOKEN_URL = `${API}/customers/token`;

/** The `{method} {url}` placeholders of the route-not-found message, filled in. */
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m));

describe.each(backends)("errors and problem answers on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reports health as ok", async () => {
    const res = await t.request("GET", "/health");
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ status: "ok" });
  });

  it("answers an unknown API route with a 404 problem naming the method and path", async () => {
    const res = await t.request("GET", `${API}/no-such-thing?page=2`);
    const problem = expectProblem(res, 404);
    expect(problem).toEqual({
      type: "/problems/not-found",
      title: en.title.notFound,
      status: 404,
      detail: fill(en.error.routeNotFound, { method: "GET", url: `${API}/no-such-thing` }),
    });
    expect(problem.detail).toBe(`No such endpoint: GET ${API}/no-such-thing.`);
  });

  it("answers unknown routes outside the API and unknown methods with a 404 problem", async () => {
    const page = expectProblem(await t.request("GET", "/no-such-page"), 404);
    expect(page.detail).toContain("/no-such-page");
    const method = expectProblem(await t.request("DELETE", `${API}/products`), 404);
    expect(method.detail).toContain(`DELETE ${API}/products`);
  });

  it("gives every problem a type, title, status and detail", async () => {
    const answers: [number, TestResponse][] = [
      [400, await t.request("GET", `${API}/products?page=0`)],
      [401, await t.request("GET", `${API}/orders`)],
      [
        403,
        await t.request("POST", `${API}/orders/x/items-bulk`, { as: USERS.spaMarketing, body: {} }),
      ],
      [404, await t.request("GET", `${API}/products/NO-SUCH-PRODUCT`)],
      [422, await t.request("POST", TOKEN_URL, { body: {} })],
    ];
    for (const [status, res] of answers) {
      const problem = expectProblem(res, status);
      expect(problem.type, res.raw).toMatch(/^\/problems\/[a-z-]+$/);
      expect(res.body.status, res.raw).toBe(status);
      expect(problem.title.length, res.raw).toBeGreaterThan(0);
      expect(problem.detail.length, res.raw).toBeGreaterThan(0);
    }
  });

  describe("languages", () => {
    const missingRoute = (headers: Record<string, string>) =>
      t.request("GET", `${API}/nowhere`, { headers });
    const routeDetail = (text: string) => fill(text, { method: "GET", url: `${API}/nowhere` });

    it("translates title and detail into French from Accept-Language", async () => {
      const problem = expectProblem(await missingRoute({ "accept-language": "fr" }), 404);
      expect(problem.title).toBe(fr.title.notFound);
      expect(problem.detail).toBe(routeDetail(fr.error.routeNotFound));
      expect(problem.title).not.toBe(en.title.notFound);
    });

    it("translates title and detail into Italian from the Locale header", async () => {
      const problem = expectProblem(await missingRoute({ locale: "it_IT" }), 404);
      expect(problem.title).toBe(italian.title.notFound);
      expect(problem.detail).toBe(routeDetail(italian.error.routeNotFound));
    });

    it("prefers the Locale header to Accept-Language", async () => {
      const problem = expectProblem(
        await missingRoute({ locale: "it_IT", "accept-language": "fr-FR,fr;q=0.9" }),
        404,
      );
      expect(problem.title).toBe(italian.title.notFound);
    });

    it("takes the preferred supported language from a weighted Accept-Language", async () => {
      const problem = expectProblem(
        await missingRoute({ "accept-language": "ja;q=1, fr;q=0.5, de;q=0.8" }),
        404,
      );
      expect(problem.title).toBe(de.title.notFound);
    });

    it.each([
      ["accept-language", "ja-JP"],
      ["accept-language", "xx"],
      ["locale", "pt_BR"],
    ])("falls back to English for the unsupported %s %s", async (header, value) => {
      const problem = expectProblem(await missingRoute({ [header]: value }), 404);
      expect(problem.title).toBe(en.title.notFound);
      expect(problem.detail).toBe(routeDetail(en.error.routeNotFound));
    });

    it("translates problems raised by endpoints, such as 401 and 404", async () => {
      const unauthorized = expectProblem(
        await t.request("GET", `${API}/orders`, { headers: { "accept-language": "fr" } }),
        401,
      );
      expect(unauthorized).toMatchObject({
        title: fr.title.unauthorized,
        detail: fr.error.unauthorized,
      });
      const missing = expectProblem(
        await t.request("GET", `${API}/products/NOPE`, { headers: { locale: "it_IT" } }),
        404,
      );
      expect(missing).toMatchObject({
        title: italian.title.notFound,
        detail: italian.error.notFound,
      });
    });
  });

  describe("request bodies", () => {
    it("refuses invalid JSON with a 400 problem", async () => {
      const problem = await t.refused(400, () =>
        t.request("POST", TOKEN_URL, {
          body: "{not json",
          headers: { "content-type": "application/json" },
        }),
      );
      expect(problem).toMatchObject({ type: "/problems/bad-request", detail: en.error.badJson });
    });

    it("refuses an empty JSON body with a 400 problem", async () => {
      const problem = await t.refused(400, () =>
        t.request("POST", TOKEN_URL, { body: "", headers: { "content-type": "application/json" } }),
      );
      expect(problem.detail).toBe(en.error.badJson);
    });

    it("translates the invalid JSON problem", async () => {
      const problem = await t.refused(400, () =>
        t.request("POST", TOKEN_URL, {
          body: "[",
          headers: { "content-type": "application/json", "accept-language": "fr" },
        }),
      );
      expect(problem).toMatchObject({ title: fr.title.badRequest, detail: fr.error.badJson });
    });

    it("refuses a body over 256 KiB with a 413 problem", async () => {
      const problem = await t.refused(413, () =>
        t.request("POST", TOKEN_URL, { body: { email: "x".repeat(300_000), password: "p" } }),
      );
      expect(problem.type).toBe("/problems/payload-too-large");
      expect(problem.detail).toBe(fill(en.error.bodyTooLarge, { limit: 256 * 1024 }));
    });

    it("accepts a body just under the limit as far as the body parser is concerned", async () => {
      const res = await t.request("POST", TOKEN_URL, {
        body: { email: "x".repeat(200_000), password: "p" },
      });
      // Parsed, then refused by validation rather than by the size limit.
      expectProblem(res, 422);
    });

    it("refuses a text/plain body with a 415 problem", async () => {
      const problem = await t.refused(415, () =>
        t.request("POST", TOKEN_URL, {
          body: "email=a&password=b",
          headers: { "content-type": "text/plain" },
        }),
      );
      expect(problem).toMatchObject({
        type: "/problems/unsupported-media-type",
        title: en.title.unsupportedMediaType,
        detail: en.error.unsupportedMediaType,
      });
    });

    it("refuses a form-encoded body with a 415 problem", async () => {
      await t.refused(415, () =>
        t.request("POST", TOKEN_URL, {
          body: "email=a&password=b",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      );
    });

    it("accepts merge-patch and JSON-LD bodies as JSON", async () => {
      for (const type of ["application/merge-patch+json", "application/ld+json"]) {
        const res = await t.request("POST", TOKEN_URL, {
          body: JSON.stringify({ email: USERS.spaBuyer, password: "partner-demo" }),
          headers: { "content-type": type },
        });
        expect(res.status, type).toBe(200);
      }
    });
  });

  describe("502 and 504 (a dependency failed or did not answer)", () => {
    /** The card dialog's setup for an unpaid order of the demo data asks the card gateway. */
    async function setupWithGatewayFailing(kind: "timeout" | "network", language?: string) {
      const open = await t.db
        .selectFrom("orders")
        .select("token_value")
        .where("company_id", "=", 1)
        .where("state", "=", "new")
        .where("payment_state", "=", "awaiting_payment")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      (t.app.cardGateway as TestCardGateway).failNext(kind);
      return t.request("GET", `${API}/payment/adyen/adyen_card/${open.token_value}`, {
        as: USERS.spaAdmin,
        headers: language ? { "accept-language": language } : {},
      });
    }

    it("titles a 502 'Bad gateway' and a 504 'Gateway timeout', not 'Internal error'", async () => {
      const bad = await t.refused(502, () => setupWithGatewayFailing("network"));
      expect(bad).toMatchObject({ status: 502, title: "Bad gateway" });
      const timeout = await t.refused(504, () => setupWithGatewayFailing("timeout"));
      expect(timeout).toMatchObject({ status: 504, title: "Gateway timeout" });
      expect(timeout.title).not.toBe(en.title.internal);
    });

    it("translates the 502 and 504 titles", async () => {
      const titles = new Set<string>();
      for (const language of ["fr", "de", "it", "es"]) {
        const bad = await t.refused(502, () => setupWithGatewayFailing("network", language));
        const late = await t.refused(504, () => setupWithGatewayFailing("timeout", language));
        expect(bad.title).not.toBe("Bad gateway");
        expect(late.title).not.toBe("Gateway timeout");
        titles.add(bad.title).add(late.title);
      }
      expect(titles.size).toBe(8);
      expect(titles).toContain("Fehlerhaftes Gateway");
    });
  });

  // Fastify rejects a malformed percent-escape before routing; it is still a problem+json.
  it("answers a malformed URL with a problem", async () => {
    expectProblem(await t.request("GET", `${API}/products/%E0%A4%A`), 400);
  });
});
