import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPortal } from "../../portal.js";
import { AddToCartDocument, MeDocument, StartCartDocument } from "../../src/lib/gql/graphql.js";
import { startTestApp, USERS, type TestApp } from "../support/test-app.js";

/**
 * The portal as `npm start` composes it: REST API and gateway in one Fastify app, the gateway
 * reaching the REST routes in-process (no socket) when COMMERCE_API_URL is unset.
 */
describe("the portal: gateway mounted on the commerce server", () => {
  let t: TestApp;
  let front: FastifyInstance;
  beforeAll(async () => {
    // The test app's database and config; a second app on it is the composed portal.
    t = await startTestApp("pglite");
    front = await buildPortal({
      config: t.config,
      database: { db: t.db, backend: "pglite", close: async () => {} },
      gateway: { commerceApiUrl: undefined, production: true },
    });
    await front.ready();
  });
  afterAll(async () => {
    await front?.close();
    await t?.close();
  });

  const post = async (query: string, variables: unknown, token: string) => {
    const res = await front.inject({
      method: "POST",
      url: "/graphql",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "accept-language": "de",
      },
      payload: JSON.stringify({ query, variables }),
    });
    return { status: res.statusCode, body: res.json() };
  };

  it("serves POST /graphql through Fastify with the in-process fetch", async () => {
    const token = await t.token(USERS.spaBuyer);
    const me = await post(String(MeDocument), {}, token);
    expect(me.status).toBe(200);
    expect(me.body.data.me.email).toBe(USERS.spaBuyer);
    const cart = await post(String(StartCartDocument), {}, token);
    const refused = await post(
      String(AddToCartDocument),
      { cartToken: cart.body.data.startCart.token, variantCode: "GLOW-MINI-ROSE", quantity: 0 },
      token,
    );
    expect(refused.body.data.addToCart).toMatchObject({
      __typename: "QuantityError",
      message: "Die Menge muss zwischen 1 und 300 liegen.",
    });
  });

  it("serves GET queries and refuses GET mutations", async () => {
    const ok = await front.inject({
      method: "GET",
      url: "/graphql?query=%7Bhealth%7Bstatus%7D%7D",
    });
    expect(ok.json()).toEqual({ data: { health: { status: "ok" } } });
    const mutation = await front.inject({
      method: "GET",
      url: `/graphql?query=${encodeURIComponent("mutation { startCart { token } }")}`,
    });
    expect(mutation.statusCode).toBe(405);
  });
});
