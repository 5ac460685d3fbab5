import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "./figures.js";
import { expectedOutcome, leaks, matches, ownerOf, type Outcome } from "./support/access-expect.js";
import {
  GRAPHQL_RULES,
  graphqlMatches,
  loadOperations,
  runOperation,
} from "./support/access-graphql.js";
import { ROUTE_RULES, hookOf } from "./support/access-routes.js";
import { startWorld, type Identity, type IdentityKey, type World } from "./support/access-world.js";
import { backends } from "../support/test-app.js";

/**
 * The access matrix (issue 9): every REST route and every GraphQL operation of the portal,
 * called as every identity, each answer checked against the expected one. "Allowed" means the
 * call got past authentication and authorisation: a 2xx, or a status the route's rule names
 * (e.g. a 422 of the route's own rules for a body chosen not to change what later rows need);
 * never 401, 403, 404 or a 5xx. Refusals are exact: 401 no or bad token, 403 a role that may
 * not, 404 another company's resource, each a problem+json. See docs/reliability.md.
 */

const IDENTITY_ORDER: IdentityKey[] = [
  "nobody",
  "admin",
  "commercial",
  "marketing",
  "otherCompany",
  "disabled",
  "expired",
  "foreignKey",
  "algNone",
  "staff",
  "adminCookie",
  "expiredCookie",
];

interface Mismatch {
  what: string;
  identity: string;
  expected: string;
  got: string;
}

const format = (list: Mismatch[]) =>
  list.map((m) => `${m.what} as ${m.identity}: expected ${m.expected}, got ${m.got}`).join("\n");

describe.each(backends)("access matrix (%s)", (backend) => {
  let w: World;
  const figures = {
    routes: 0,
    graphqlOperations: 0,
    identities: IDENTITY_ORDER.length,
    calls: 0,
    mismatches: 0,
  };

  beforeAll(async () => {
    w = await startWorld(backend);
  }, 120_000);
  afterAll(async () => {
    if (figures.calls > 0) recordFigures("access matrix", figures, backend);
    await w?.close();
  });

  it("declares every route of the portal, and no route that is gone", () => {
    const table = new Set(w.portal.routeTable.map((r) => `${r.method} ${r.url}`));
    const undeclared = [...table].filter((r) => !(r in ROUTE_RULES));
    const gone = Object.keys(ROUTE_RULES).filter((r) => !table.has(r));
    expect({ undeclared, gone }).toEqual({ undeclared: [], gone: [] });
  });

  it("answers every REST route as expected for every identity", async () => {
    const mismatches: Mismatch[] = [];
    for (const { method, url } of w.portal.routeTable) {
      const key = `${method} ${url}`;
      const rule = ROUTE_RULES[key];
      if (!rule) continue;
      figures.routes += 1;
      // Refusals first, then the allowed calls (which may change things later rows read).
      const rows: { identity: Identity; expected: Outcome }[] = IDENTITY_ORDER.map((k) => {
        const identity = w.identities[k];
        return { identity, expected: expectedOutcome(rule, identity, method, url) };
      }).sort((a, b) => Number(a.expected === "allowed") - Number(b.expected === "allowed"));
      for (const { identity, expected } of rows) {
        const owner = ownerOf(identity);
        const path = rule.path ? await rule.path(w, owner) : url;
        const opts = rule.request ? await rule.request(w, owner) : {};
        const answer = await w.callAs(identity, method, path, opts);
        figures.calls += 1;
        const outsider = identity.kind !== "shopA" && identity.kind !== "staff";
        const leaked = outsider && !rule.noLeakCheck ? leaks(answer, w.secretsOfA) : undefined;
        if (!matches(rule, expected, answer) || leaked) {
          mismatches.push({
            what: `${method} ${path}`,
            identity: identity.key,
            expected: String(expected),
            got: `${answer.status}${leaked ? ` LEAKING "${leaked}"` : ""} ${answer.raw.slice(0, 160)}`,
          });
        }
      }
    }
    figures.mismatches += mismatches.length;
    expect(mismatches, format(mismatches)).toEqual([]);
  }, 300_000);

  it("never reaches another company's data through percent-encoded paths", async () => {
    const mismatches: Mismatch[] = [];
    const outsiders = [w.identities.otherCompany, w.identities.nobody];
    for (const { method, url } of w.portal.routeTable) {
      const rule = ROUTE_RULES[`${method} ${url}`];
      if (!rule?.path || rule.access === "public" || rule.access === "webhook") continue;
      const base = await rule.path(w, "admin");
      const [pathOnly, query] = base.split("?");
      const segments = pathOnly!.split("/");
      const patternSegments = url.split("/");
      const param = patternSegments.findIndex((s) => s.startsWith(":"));
      const variants: string[] = [];
      const withSegment = (i: number, value: string) =>
        segments.map((s, n) => (n === i ? value : s)).join("/") + (query ? `?${query}` : "");
      if (param > 0) {
        const v = segments[param]!;
        const every = [...v].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
        variants.push(
          withSegment(param, every.join("")),
          withSegment(param, `..%2F${v}`),
          withSegment(param, `%2E%2E%2F${v}`),
          withSegment(param, `${v}%2F`),
          withSegment(param, `${v}%00`),
          withSegment(param, `x%2F..%2F${v}`),
          withSegment(param, `%252F${v}`),
        );
      }
      // A NUL in a query value (PostgreSQL text cannot hold one).
      if (query) variants.push(`${pathOnly}?${query.replace(/=([^&]*)/g, "=$1%00")}`);
      // A letter of the prefix encoded: the token check reads the raw path (server/app.ts).
      variants.push(
        withSegment(1, `%${segments[1]!.charCodeAt(0).toString(16)}${segments[1]!.slice(1)}`),
      );
      if (segments.length > 3)
        variants.push(
          withSegment(3, `%${segments[3]!.charCodeAt(0).toString(16)}${segments[3]!.slice(1)}`),
        );
      for (const variant of variants) {
        for (const identity of outsiders) {
          const opts = rule.request ? await rule.request(w, "admin") : {};
          const answer = await w.callAs(identity, method, variant, opts);
          figures.calls += 1;
          const leaked = leaks(answer, w.secretsOfA);
          // Refused whatever the path became: 400, 401, 404, 405 (or 422 for a query value the
          // route reads), never data, never a 5xx.
          const refused = [400, 401, 404, 405, 422].includes(answer.status);
          if (!refused || leaked)
            mismatches.push({
              what: `${method} ${variant}`,
              identity: identity.key,
              expected: "400/401/404/405/422 without data",
              got: `${answer.status}${leaked ? ` LEAKING "${leaked}"` : ""} ${answer.raw.slice(0, 160)}`,
            });
        }
      }
    }
    figures.mismatches += mismatches.length;
    expect(mismatches, format(mismatches)).toEqual([]);
  }, 300_000);

  // The gateway calls the same REST API on either backend: its matrix runs on PGlite only.
  it.runIf(backend === "pglite")(
    "answers every GraphQL operation as expected for every identity",
    async () => {
      const operations = loadOperations();
      const names = operations.map((o) => o.name);
      const undeclared = names.filter((n) => !(n in GRAPHQL_RULES));
      const gone = Object.keys(GRAPHQL_RULES).filter((n) => !names.includes(n));
      expect({ undeclared, gone }).toEqual({ undeclared: [], gone: [] });
      const mismatches: Mismatch[] = [];
      // Cookies are not forwarded by the gateway: the header identities only.
      const identities = IDENTITY_ORDER.filter((k) => w.identities[k].transport === "header");
      for (const op of operations) {
        figures.graphqlOperations += 1;
        const rule = GRAPHQL_RULES[op.name]!;
        const rows = identities
          .map((k) => {
            const identity = w.identities[k];
            // The gateway forwards the token to the shop API (or, for Health, to no hook at all).
            const path = rule.tokenFree ? "/health" : "/api/v2/shop/orders";
            return { identity, expected: expectedOutcome(rule, identity, "POST", path) };
          })
          .sort((a, b) => Number(a.expected === "allowed") - Number(b.expected === "allowed"));
        for (const { identity, expected } of rows) {
          const got = await runOperation(w, op, rule, identity, ownerOf(identity));
          figures.calls += 1;
          const outsider = identity.kind !== "shopA";
          const leaked =
            outsider && !rule.noLeakCheck ? leaks(got.answer, w.secretsOfA) : undefined;
          if (!graphqlMatches(rule, identity, String(expected), got) || leaked)
            mismatches.push({
              what: `graphql ${op.name}`,
              identity: identity.key,
              expected: String(expected),
              got: `${got.outcome}${leaked ? ` LEAKING "${leaked}"` : ""} ${got.answer.raw.slice(0, 200)}`,
            });
        }
      }
      figures.mismatches += mismatches.length;
      expect(mismatches, format(mismatches)).toEqual([]);
    },
    300_000,
  );

  it("refuses company A's things named in the body of company B's own resources", async () => {
    const b = w.identities.otherCompany;
    const before = await w.t.fingerprint();
    const started = await w.callAs(b, "POST", "/api/v2/shop/orders", { body: {} });
    expect(started.status).toBe(201);
    const token = started.body.tokenValue as string;
    const mine = await w.t.fingerprint();
    expect(mine).not.toBe(before);
    const cases: [string, string, unknown][] = [
      [
        "PUT",
        `/api/v2/shop/orders/${token}`,
        { shippingAddress: `/api/v2/shop/addresses/${w.shippingAddressId}` },
      ],
      [
        "PUT",
        `/api/v2/shop/orders/${token}`,
        { billingAddress: `/api/v2/shop/addresses/${w.billingAddressId}` },
      ],
      [
        "PATCH",
        `/api/v2/shop/customers/${await w.t.userId("admin@demo-retail.example")}/default-shipping-address`,
        { defaultShippingAddress: `/api/v2/shop/addresses/${w.shippingAddressId}` },
      ],
    ];
    for (const [method, url, body] of cases) {
      const res = await w.callAs(b, method, url, {
        body,
        headers: method === "PATCH" ? { "content-type": "application/merge-patch+json" } : {},
      });
      figures.calls += 1;
      expect(res.status, `${method} ${url} ${res.raw}`).toBe(422);
      expect(leaks(res, w.secretsOfA)).toBeUndefined();
      expect(res.raw).not.toContain("Teststrasse");
    }
    expect(await w.t.fingerprint()).toBe(mine);
  });

  it("keeps a cart its user's own: a colleague gets 404 on every cart route", async () => {
    const colleague = w.identities.commercial;
    const mismatches: Mismatch[] = [];
    for (const { method, url } of w.portal.routeTable) {
      const rule = ROUTE_RULES[`${method} ${url}`];
      if (!rule?.path || !url.startsWith("/api/v2/shop/orders/:token") || url.endsWith("/payments"))
        continue;
      // The ADMIN's cart, asked for by a COMMERCIAL colleague (who may do all of these to their own).
      const path = await rule.path(w, "admin");
      const opts = rule.request ? await rule.request(w, "admin") : {};
      const answer = await w.callAs(colleague, method, path, opts);
      figures.calls += 1;
      if (answer.status !== 404)
        mismatches.push({
          what: `${method} ${path}`,
          identity: "commercial (colleague)",
          expected: "404",
          got: `${answer.status} ${answer.raw.slice(0, 160)}`,
        });
    }
    figures.mismatches += mismatches.length;
    expect(mismatches, format(mismatches)).toEqual([]);
  });

  it("reads roles and the enabled flag from the database on every request", async () => {
    const buyer = w.identities.commercial;
    const addresses = "/api/v2/shop/addresses";
    expect((await w.callAs(buyer, "GET", addresses)).status).toBe(200);
    // The ADMIN makes the buyer MARKETING through the team API: the same token is now 403.
    const admin = w.identities.admin;
    const user = `/api/v2/shop/shop-users/${w.userIds.commercial}`;
    const demoted = await w.callAs(admin, "PUT", user, {
      body: { roles: ["ROLE_COMPANY_MARKETING"] },
    });
    expect(demoted.status).toBe(200);
    expect((await w.callAs(buyer, "GET", addresses)).status).toBe(403);
    const gql = await runOperation(
      w,
      loadOperations().find((o) => o.name === "AddressBook")!,
      GRAPHQL_RULES.AddressBook!,
      buyer,
      "commercial",
    );
    expect(gql.outcome).toBe("403");
    const back = await w.callAs(admin, "PUT", user, {
      body: { roles: ["ROLE_COMPANY_COMMERCIAL"] },
    });
    expect(back.status).toBe(200);
    expect((await w.callAs(buyer, "GET", addresses)).status).toBe(200);
    // Disabled in the database: the same token is 401 on the next request, REST and GraphQL.
    await w.t.db
      .updateTable("shop_users")
      .set({ enabled: false })
      .where("id", "=", w.userIds.commercial)
      .execute();
    expect((await w.callAs(buyer, "GET", addresses)).status).toBe(401);
    expect((await w.callAs(buyer, "GET", "/api/v2/shop/orders")).status).toBe(401);
    const disabled = await runOperation(
      w,
      loadOperations().find((o) => o.name === "Orders")!,
      GRAPHQL_RULES.Orders!,
      buyer,
      "commercial",
    );
    expect(disabled.outcome).toBe("401");
    await w.t.db
      .updateTable("shop_users")
      .set({ enabled: true })
      .where("id", "=", w.userIds.commercial)
      .execute();
    expect((await w.callAs(buyer, "GET", addresses)).status).toBe(200);
    figures.calls += 10;
  });

  it("uses the token hooks the expectation table assumes", () => {
    expect(hookOf("/api/v2/admin/orders")).toBe("staff");
    expect(hookOf("/shop/export/xlsx/quick-order")).toBe("shop");
    expect(hookOf("/api/v2/shop/payment/adyen/webhook")).toBe("none");
  });
});
