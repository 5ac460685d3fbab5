import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../fixtures/files/pdf-text.js";
import { recordFigures } from "./figures.js";
import { expectedOutcome, leaks, matches, ownerOf, type Outcome } from "./support/access-expect.js";
import {
  GRAPHQL_RULES,
  graphqlMatches,
  loadOperations,
  runOperation,
  withoutCsrfOutcome,
} from "./support/access-graphql.js";
import { ROUTE_RULES, hookOf } from "./support/access-routes.js";
import { startWorld, type Identity, type IdentityKey, type World } from "./support/access-world.js";
import { backends, itOnlyOn } from "../support/test-app.js";

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
  "signedOutCookie",
];
/**
 * GraphQL also as the cookie without the CSRF header: what another site's form or image would
 * send (the REST routes' answer to it is tests/reliability/session-cookie.test.ts).
 */
const GRAPHQL_IDENTITY_ORDER: IdentityKey[] = [...IDENTITY_ORDER, "adminCookieNoCsrf"];

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
    graphqlIdentities: GRAPHQL_IDENTITY_ORDER.length,
    calls: 0,
    graphqlCookieCalls: 0,
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
        const opts = rule.request ? await rule.request(w, owner, identity) : {};
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
          const opts = rule.request ? await rule.request(w, "admin", identity) : {};
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
  itOnlyOn("pglite", backend)(
    "answers every GraphQL operation as expected for every identity",
    async () => {
      const operations = loadOperations();
      const names = operations.map((o) => o.name);
      const undeclared = names.filter((n) => !(n in GRAPHQL_RULES));
      const gone = Object.keys(GRAPHQL_RULES).filter((n) => !names.includes(n));
      expect({ undeclared, gone }).toEqual({ undeclared: [], gone: [] });
      const mismatches: Mismatch[] = [];
      // Every identity, the bearer header's and the session cookie's: with the CSRF header (a
      // working, an expired and a signed-out cookie), and without it (another site's request).
      for (const op of operations) {
        figures.graphqlOperations += 1;
        const rule = GRAPHQL_RULES[op.name]!;
        const rows = GRAPHQL_IDENTITY_ORDER.map((k) => {
          const identity = w.identities[k];
          // The gateway forwards the token to the shop API (or, for Health, to no hook at all).
          const path = rule.tokenFree ? "/health" : "/api/v2/shop/orders";
          const expected: Outcome | "csrf" =
            (identity.transport === "cookieWithoutCsrf" && withoutCsrfOutcome(op, rule)) ||
            expectedOutcome(rule, identity, "POST", path);
          return { identity, expected };
        }).sort((a, b) => Number(a.expected === "allowed") - Number(b.expected === "allowed"));
        for (const { identity, expected } of rows) {
          // A refused cross-site mutation changes nothing: the database is compared around it.
          let before = "";
          const got = await runOperation(
            w,
            op,
            rule,
            identity,
            ownerOf(identity),
            expected === "csrf" ? async () => void (before = await w.t.fingerprint()) : undefined,
          );
          figures.calls += 1;
          if (identity.transport !== "header") figures.graphqlCookieCalls += 1;
          const outsider = identity.kind !== "shopA";
          const leaked =
            outsider && !rule.noLeakCheck ? leaks(got.answer, w.secretsOfA) : undefined;
          const changed = expected === "csrf" && (await w.t.fingerprint()) !== before;
          if (!graphqlMatches(rule, identity, String(expected), got) || leaked || changed)
            mismatches.push({
              what: `graphql ${op.name}`,
              identity: identity.key,
              expected: String(expected),
              got: `${got.outcome}${leaked ? ` LEAKING "${leaked}"` : ""}${changed ? " CHANGED THE DATABASE" : ""} ${got.answer.raw.slice(0, 200)}`,
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
      const opts = rule.request ? await rule.request(w, "admin", colleague) : {};
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

  /**
   * Issue 18, finding 6: a right is checked where the data leaves, not only at the list
   * endpoint. Every IRI a body accepts is named by each role of A and by company B (in B's
   * own resources); files are read back (PDF text, spreadsheet cells), since a route that
   * answers 200 may still carry what the caller may not see.
   */
  it("checks the right where data leaves: IRIs in bodies and files, per role and company", async () => {
    const { admin, commercial, marketing, otherCompany: b } = w.identities;
    const address = (id: number) => `/api/v2/shop/addresses/${id}`;
    const variantIri = (code: string) => `/api/v2/shop/product-variants/${code}`;
    const A_ADDRESS = /Friedrichstraße|Jungfernstieg|Teststrasse/;
    const mismatches: Mismatch[] = [];
    const check = (what: string, who: Identity, ok: boolean, expected: string, got: string) => {
      figures.calls += 1;
      if (!ok) mismatches.push({ what, identity: who.key, expected, got: got.slice(0, 200) });
    };
    const ownCart = async (who: Identity) => {
      const started = await w.callAs(who, "POST", "/api/v2/shop/orders", { body: {} });
      return started.body.tokenValue as string;
    };
    const merge = { "content-type": "application/merge-patch+json" };

    // Address IRIs: the cart's two addresses and the default shipping address.
    for (const field of ["shippingAddress", "billingAddress"]) {
      for (const who of [admin, commercial, marketing, b]) {
        const cartToken = await ownCart(who);
        const res = await w.callAs(who, "PUT", `/api/v2/shop/orders/${cartToken}`, {
          body: { [field]: address(w.shippingAddressId) },
        });
        const expected = who === marketing ? 403 : who === b ? 422 : 200;
        const leaked = who === marketing || who === b ? A_ADDRESS.test(res.raw) : false;
        check(
          `PUT cart {${field}: A's address}`,
          who,
          res.status === expected && !leaked,
          `${expected}${leaked ? "" : " without the address"}`,
          `${res.status} ${res.raw}`,
        );
        // Nothing the role may not read comes back in the cart afterwards either.
        const after = await w.callAs(who, "GET", `/api/v2/shop/orders/${cartToken}`);
        if (who === marketing || who === b)
          check(
            `GET cart after {${field}}`,
            who,
            !A_ADDRESS.test(after.raw),
            "no address of A",
            after.raw,
          );
      }
    }
    for (const who of [admin, commercial, marketing, b]) {
      const id = who === b ? await w.t.userId("admin@demo-retail.example") : w.userIds[who.role!];
      const res = await w.callAs(
        who,
        "PATCH",
        `/api/v2/shop/customers/${id}/default-shipping-address`,
        { body: { defaultShippingAddress: address(w.shippingAddressId) }, headers: merge },
      );
      const expected = who === marketing ? 403 : who === b ? 422 : 200;
      check(
        "PATCH default-shipping-address {A's address}",
        who,
        res.status === expected &&
          (who === admin || who === commercial || !A_ADDRESS.test(res.raw)),
        String(expected),
        `${res.status} ${res.raw}`,
      );
    }

    // Variant IRIs: any role of A adds at A's contract price; B at B's. A variant sold to A
    // only is unknown to B (in a cart, in a list), and B's catalogue shows no price for it.
    const code = w.variantCode;
    const onlyA = await w.t.db
      .selectFrom("variant_prices")
      .selectAll()
      .where("variant_code", "=", code)
      .where("price_list_code", "=", "USD_CONTRACT")
      .executeTakeFirstOrThrow();
    const eurPrice = (
      await w.t.db
        .selectFrom("variant_prices")
        .select("price")
        .where("variant_code", "=", code)
        .where("price_list_code", "=", "EUR_CONTRACT")
        .executeTakeFirstOrThrow()
    ).price;
    for (const who of [admin, commercial, marketing, b]) {
      const cartToken = await ownCart(who);
      const res = await w.callAs(who, "POST", `/api/v2/shop/orders/${cartToken}/items`, {
        body: { productVariant: variantIri(code), quantity: 1 },
      });
      const price = res.body?.items?.[0]?.unitPrice;
      const expectedPrice = who === b ? onlyA.price : eurPrice;
      check(
        "POST cart items {variant}",
        who,
        res.status === 201 && price === expectedPrice,
        `201 at ${expectedPrice}`,
        `${res.status} ${price} ${res.raw}`,
      );
    }
    await w.t.db
      .deleteFrom("variant_prices")
      .where("variant_code", "=", code)
      .where("price_list_code", "=", "USD_CONTRACT")
      .execute();
    try {
      const cartToken = await ownCart(b);
      const add = await w.callAs(b, "POST", `/api/v2/shop/orders/${cartToken}/items`, {
        body: { productVariant: variantIri(code), quantity: 1 },
      });
      check(
        "POST cart items {variant sold to A only}",
        b,
        add.status === 422,
        "422",
        `${add.status} ${add.raw}`,
      );
      const list = await w.callAs(b, "POST", "/api/v2/shopping-lists", {
        body: { name: "B", items: [{ productVariant: variantIri(code), quantity: 1 }] },
      });
      check(
        "POST shopping list {variant sold to A only}",
        b,
        list.status === 422,
        "422",
        `${list.status} ${list.raw}`,
      );
      const read = await w.callAs(b, "GET", variantIri(code));
      check(
        "GET variant sold to A only",
        b,
        read.status === 404 || (read.body?.price ?? null) === null,
        "404 or no price",
        `${read.status} ${read.raw}`,
      );
    } finally {
      await w.t.db.insertInto("variant_prices").values(onlyA).execute();
    }

    // Payment method IRIs: the checkout's roles only; a disabled or unknown method is a 422.
    for (const who of [admin, commercial, marketing]) {
      const c = await w.fresh.cart(who.role!);
      for (const [method, expectedOk] of [
        ["invoice", 200],
        ["no-such-method", 422],
      ] as const) {
        const res = await w.callAs(
          who,
          "PATCH",
          `/api/v2/shop/orders/${c.token}/payments/${c.paymentId}`,
          { body: { paymentMethod: `/api/v2/shop/payment-methods/${method}` }, headers: merge },
        );
        const expected = who === marketing ? 403 : expectedOk;
        check(
          `PATCH payment {${method}}`,
          who,
          res.status === expected,
          String(expected),
          `${res.status} ${res.raw}`,
        );
      }
    }

    // Coupons: every role may try one on its own cart (counted per user, decision 020).
    for (const who of [admin, commercial, marketing, b]) {
      const cartToken = await ownCart(who);
      const res = await w.callAs(who, "PUT", `/api/v2/shop/orders/${cartToken}`, {
        body: { couponCode: "WELCOME10" },
      });
      check("PUT cart {couponCode}", who, res.status === 200, "200", `${res.status} ${res.raw}`);
    }

    // Files: the invoice PDF per role (MARKETING without payment figures) and company B; the
    // spreadsheets carry the caller's own company's prices.
    const file = (who: Identity, url: string) =>
      w.portal.inject({ method: "GET", url, headers: { authorization: `Bearer ${who.token}` } });
    for (const who of [admin, commercial, marketing, b]) {
      const res = await file(who, `/customer-admin/invoice/${w.invoicedOrder}/download`);
      if (who === b) {
        check(
          "invoice PDF of A",
          who,
          res.statusCode === 404 && !res.body.includes("%PDF"),
          "404",
          `${res.statusCode}`,
        );
        continue;
      }
      const text = (await pdfText(res.rawPayload)).pages.flat().join("\n");
      const payments = /Balance due|Due date|Payment method/.test(text);
      check(
        "invoice PDF of A",
        who,
        res.statusCode === 200 && payments === (who !== marketing),
        who === marketing ? "200 without payment figures" : "200 with payment figures",
        `${res.statusCode} payments shown: ${payments}`,
      );
    }
    for (const who of [admin, marketing, b]) {
      const res = await file(who, "/shop/export/xlsx/contract-price");
      const sheet = XLSX.read(res.rawPayload, { type: "buffer" });
      const cells = JSON.stringify(
        sheet.SheetNames.map((n) => XLSX.utils.sheet_to_json(sheet.Sheets[n]!, { header: 1 })),
      );
      const ownCurrency = who === b ? "USD" : "EUR";
      const otherCurrency = who === b ? "EUR" : "USD";
      const ok =
        res.statusCode === 200 &&
        cells.includes(ownCurrency) &&
        !cells.includes(otherCurrency) &&
        (who !== b || !cells.includes("Demo Spa"));
      check(
        "contract-price export",
        who,
        ok,
        `200, ${ownCurrency} prices only`,
        `${res.statusCode} ${cells.slice(0, 200)}`,
      );
    }
    const sample = await file(marketing, "/shop/export/xlsx/quick-order");
    check(
      "quick-order export",
      marketing,
      sample.statusCode === 403,
      "403",
      `${sample.statusCode}`,
    );

    figures.mismatches += mismatches.length;
    expect(mismatches, format(mismatches)).toEqual([]);
  }, 120_000);

  it("uses the token hooks the expectation table assumes", () => {
    expect(hookOf("/api/v2/admin/orders")).toBe("staff");
    expect(hookOf("/shop/export/xlsx/quick-order")).toBe("shop");
    expect(hookOf("/api/v2/shop/payment/adyen/webhook")).toBe("none");
  });
});
