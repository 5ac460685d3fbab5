import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, type Gateway } from "../../graphql/server.js";
import { problemFrom, RestClient } from "../../graphql/rest/client.js";
import {
  AddToCartDocument,
  ProductDocument,
  ProductsDocument,
  TreatmentsDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

/** A gateway whose REST API is a function: for answers the real one never gives. */
function fakeGateway(
  answer: (url: URL, init?: RequestInit) => Promise<Response>,
  production = false,
) {
  return createGateway({
    commerceApiUrl: "http://rest.invalid",
    fetch: (input, init) => answer(new URL(String(input)), init),
    production,
    logging: false,
  });
}

async function post(gateway: Gateway, query: string, variables?: unknown) {
  const res = await gateway.fetch("http://gateway/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    ...((await res.json()) as {
      data?: Record<string, unknown> | null;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    }),
  };
}

const productQuery = String(ProductDocument);
const addToCart = String(AddToCartDocument);
const addVariables = { cartToken: "t", variantCode: "V", quantity: 1 };

describe("gateway: REST errors", () => {
  it("refuses an error answer that is not JSON: 'Unsupported error response with type ...'", async () => {
    const gateway = fakeGateway(
      async () =>
        new Response("<html>Bad gateway</html>", {
          status: 502,
          headers: { "content-type": "text/html; charset=utf-8" },
        }),
    );
    const answer = await post(gateway, productQuery, { code: "X" });
    expect(answer.errors?.[0]).toMatchObject({
      message: "Unsupported error response with type text/html",
      extensions: { code: "INTERNAL" },
    });
    // In production the text stays in the logs, not in the answer.
    const hidden = await post(
      fakeGateway(
        async () =>
          new Response("<html/>", { status: 500, headers: { "content-type": "text/html" } }),
        true,
      ),
      productQuery,
      { code: "X" },
    );
    expect(hidden.errors?.[0]?.message).not.toContain("text/html");
    expect(hidden.errors?.[0]?.extensions?.code).toBe("INTERNAL");
  });

  it("rethrows the original error when the REST API cannot be reached", async () => {
    const cause = new TypeError("fetch failed: connect ECONNREFUSED");
    const client = new RestClient({
      baseUrl: "http://rest.invalid",
      fetch: async () => Promise.reject(cause),
      forward: {},
    });
    await expect(client.get("/health")).rejects.toBe(cause);
    const answer = await post(
      fakeGateway(async () => Promise.reject(cause)),
      "{ health { status } }",
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: cause.message,
      extensions: { code: "INTERNAL" },
    });
  });

  it("reads problem+json, JSON:API and plain JSON error bodies", async () => {
    const bodies: [string, unknown][] = [
      [
        "application/problem+json",
        {
          type: "/problems/out-of-stock",
          title: "Validation failed",
          status: 422,
          detail: "Sold out.",
          violations: [
            { propertyPath: "quantity", message: "Sold out.", code: "variant.outOfStock" },
          ],
        },
      ],
      [
        "application/vnd.api+json",
        {
          errors: [
            {
              status: "422",
              type: "/problems/out-of-stock",
              title: "Validation failed",
              detail: "Sold out.",
              code: "variant.outOfStock",
              source: { pointer: "/data/attributes/quantity" },
            },
          ],
        },
      ],
      ["application/json", { type: "/problems/out-of-stock", message: "Sold out." }],
    ];
    for (const [type, body] of bodies) {
      const gateway = fakeGateway(async () =>
        Response.json(body, { status: 422, headers: { "content-type": type } }),
      );
      const answer = await post(gateway, addToCart, addVariables);
      expect(answer.data?.addToCart).toMatchObject({
        __typename: "OutOfStockError",
        errorCode: "OUT_OF_STOCK_ERROR",
        message: "Sold out.",
      });
    }
    expect(problemFrom(400, "Bad Request", undefined)).toEqual({
      status: 400,
      type: "about:blank",
      title: "Bad Request",
      detail: "Bad Request",
      violations: [],
    });
  });

  it("maps REST problems the mutation does not expect to GraphQL errors with code, status, detail, violations", async () => {
    const cases: [number, string, string][] = [
      [401, "/problems/unauthorized", "UNAUTHENTICATED"],
      [403, "/problems/forbidden", "FORBIDDEN"],
      [400, "/problems/bad-request", "BAD_USER_INPUT"],
      [503, "/problems/unavailable", "SERVICE_UNAVAILABLE"],
      [429, "/problems/too-many-requests", "TOO_MANY_REQUESTS"],
      [500, "/problems/internal", "INTERNAL"],
    ];
    for (const [status, type, code] of cases) {
      const gateway = fakeGateway(async () =>
        Response.json(
          { type, title: "T", status, detail: `detail ${status}` },
          {
            status,
            headers: {
              "content-type": "application/problem+json",
              ...(status === 429 ? { "retry-after": "120" } : {}),
            },
          },
        ),
      );
      const answer = await post(gateway, addToCart, addVariables);
      expect(answer.errors?.[0]).toMatchObject({
        message: `detail ${status}`,
        extensions: { code, status, detail: `detail ${status}`, violations: [] },
      });
      // A rate limit says how long to wait (issue 18: typed, not a generic INTERNAL).
      expect(answer.errors?.[0]?.extensions?.retryAfter).toBe(status === 429 ? 120 : undefined);
    }
  });
});

describe("gateway: limits, introspection and production", () => {
  let h: GatewayHarness;
  let token: string;
  beforeAll(async () => {
    h = await startGateway();
    token = await h.t.token(USERS.spaBuyer);
  });
  afterAll(async () => h?.close());

  const nested = (depth: number) =>
    `{ product(code: "GLOW-MINI") { ${"related { ".repeat(depth - 2)}code${" }".repeat(depth - 2)} } }`;

  it("refuses queries deeper than 10 before calling the REST API", async () => {
    h.calls.length = 0;
    const answer = await h.raw(nested(11), { token });
    expect(answer.errors?.[0]).toMatchObject({
      message: "Query depth 11 exceeds the maximum of 10.",
      extensions: { code: "QUERY_TOO_COMPLEX", limit: 10, actual: 11 },
    });
    expect(answer.data).toBeUndefined();
    expect(h.calls).toHaveLength(0);
    // Fragments count where they are spread.
    const viaFragment = await h.raw(
      `query { ...Deep } fragment Deep on Query { ${nested(11).slice(1, -1)} }`,
      { token },
    );
    expect(viaFragment.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("refuses a subscription (the schema has none) as invalid, with a code, calling nothing", async () => {
    h.calls.length = 0;
    const answer = await h.raw("subscription Op { health { status } }", { token });
    expect(answer.errors?.[0]?.message).toBe(
      "The schema does not support subscription operations.",
    );
    expect(typeof answer.errors?.[0]?.extensions?.code).toBe("string");
    expect(answer.data).toBeUndefined();
    expect(h.calls).toHaveLength(0);
  });

  it("refuses more than 15 aliases", async () => {
    const fields = (n: number) =>
      Array.from({ length: n }, (_, i) => `a${i}: health { status }`).join(" ");
    expect((await h.raw(`{ ${fields(15)} }`)).errors).toBeUndefined();
    const answer = await h.raw(`{ ${fields(16)} }`);
    expect(answer.errors?.[0]).toMatchObject({
      message: "Query uses 16 aliases; at most 15 are allowed.",
      extensions: { code: "QUERY_TOO_COMPLEX", limit: 15, actual: 16 },
    });
  });

  it("refuses queries above the cost budget, counting perPage and variables", async () => {
    h.calls.length = 0;
    // Within depth and aliases, but 100 products x 4 related x 4 related x their images.
    const costly = `query ($n: Int) { products(perPage: $n) { items { related { related { images { path } } } } } }`;
    const res = await h.gateway.fetch("http://gateway/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: costly, variables: { n: 100 } }),
    });
    const answer = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(answer.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(h.calls).toHaveLength(0);
    // The same query on a small page is fine.
    const small = await h.gateway.fetch("http://gateway/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: costly, variables: { n: 2 } }),
    });
    expect(((await small.json()) as { errors?: unknown }).errors).toBeUndefined();
    // Costs are remembered per document and page size: the large page is refused again.
    const again = await h.gateway.fetch("http://gateway/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: costly, variables: { n: 100 } }),
    });
    const refused = (await again.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(refused.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("accepts every operation the UI uses, at their largest page size", async () => {
    for (const [document, variables] of [
      [ProductsDocument, { perPage: 100 }],
      [ProductDocument, { code: "GLOW-MINI" }],
      [TreatmentsDocument, {}],
    ] as const) {
      const answer = await h.run(document as typeof ProductsDocument, variables as never, {
        token,
      });
      expect(answer.errors).toBeUndefined();
    }
  });

  it("refuses documents with too many tokens or characters", async () => {
    const many = await h.raw(`{ ${"health { status } ".repeat(600)} }`);
    expect(many.errors?.[0]?.message).toMatch(/contains more (than|that) 2000 tokens/);
    const long = await h.raw(`{ health { status } } # ${"x".repeat(21_000)}`);
    expect(long.status).toBe(413);
    expect(long.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("allows introspection and GraphiQL outside production", async () => {
    const answer = await h.raw(`{ __schema { queryType { name } } }`);
    expect(answer.data).toEqual({ __schema: { queryType: { name: "Query" } } });
    // GraphiQL's full introspection query is deep but not limited by depth.
    const { getIntrospectionQuery } = await import("graphql");
    expect((await h.raw(getIntrospectionQuery())).errors).toBeUndefined();
    const page = await h.gateway.fetch("http://gateway/graphql", {
      headers: { accept: "text/html" },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("GraphiQL");
  });

  it("refuses introspection and GraphiQL in production and masks unexpected errors", async () => {
    const production = h.gatewayWith({ production: true });
    const answer = await h.raw(`{ __schema { queryType { name } } }`, { gateway: production });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]?.message).toMatch(/introspection/i);
    const typeQuery = await h.raw(`{ __type(name: "Product") { name } }`, { gateway: production });
    expect(typeQuery.errors?.[0]?.message).toMatch(/introspection/i);
    // __typename is not introspection: unions need it.
    expect((await h.raw(`{ __typename }`, { gateway: production })).data).toEqual({
      __typename: "Query",
    });
    const page = await production.fetch("http://gateway/graphql", {
      headers: { accept: "text/html" },
    });
    expect(await page.text()).not.toContain("GraphiQL");
    // Expected failures keep their REST detail in production too.
    const cart = await h.t.request("POST", "/api/v2/shop/orders", {
      as: USERS.spaBuyer,
      body: {},
    });
    const result = dataOf(
      await h.run(
        AddToCartDocument,
        { cartToken: cart.body.tokenValue, variantCode: "GLOW-MINI-ROSE", quantity: 0 },
        { token, gateway: production },
      ),
    ).addToCart;
    expect(expectType(result, "QuantityError").message).toBe(
      "The quantity must be between 1 and 300.",
    );
    const unauthenticated = await h.raw(`{ activeCart { token } }`, { gateway: production });
    expect(unauthenticated.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
