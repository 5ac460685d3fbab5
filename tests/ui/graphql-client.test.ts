import { describe, expect, it, vi } from "vitest";
import {
  createGatewayClient,
  GatewayError,
  gatewayErrorDetail,
  isUnauthenticated,
} from "../../src/lib/graphql-client";
import { AddToCartDocument, MeDocument } from "../../src/lib/gql/graphql";

const ENDPOINT = "http://portal.test/graphql";

/** A client over a fake fetch answering `answer`; returns the client, the fetch and the hook. */
function clientAnswering(answer: () => Promise<Response>, token: string | null = "tok-1") {
  const fetch = vi.fn<typeof globalThis.fetch>(answer);
  const onUnauthorized = vi.fn();
  const client = createGatewayClient({
    endpoint: ENDPOINT,
    getToken: () => token,
    getLanguage: () => "de",
    onUnauthorized,
    fetch,
  });
  return { client, fetch, onUnauthorized };
}

const json =
  (body: unknown, status = 200, type = "application/graphql-response+json") =>
  () =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { "content-type": type } }),
    );

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to reject");
}

describe("createGatewayClient", () => {
  it("POSTs the document's text, variables and operation name with the gateway headers", async () => {
    const { client, fetch } = clientAnswering(
      json({ data: { addToCart: { __typename: "Cart" } } }),
    );
    const data = await client(AddToCartDocument, {
      cartToken: "c1",
      variantCode: "V1",
      quantity: 2,
    });
    expect(data).toEqual({ addToCart: { __typename: "Cart" } });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(ENDPOINT);
    expect(init?.method).toBe("POST");
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer tok-1");
    expect(headers["Accept-Language"]).toBe("de");
    expect(headers.Locale).toBeTruthy();
    expect(headers["Content-Type"]).toBe("application/json");
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      query: String(AddToCartDocument),
      variables: { cartToken: "c1", variantCode: "V1", quantity: 2 },
      operationName: "AddToCart",
    });
    expect(body.query).toContain("fragment CartFields");
  });

  it("sends no Authorization header without a token", async () => {
    const { client, fetch } = clientAnswering(json({ data: { me: null } }), null);
    await client(MeDocument);
    const headers = fetch.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it("rejects with the GraphQL errors of an answer without usable data", async () => {
    const errors = [{ message: "Forbidden.", extensions: { code: "FORBIDDEN", detail: "Nein." } }];
    const { client, onUnauthorized } = clientAnswering(json({ data: null, errors }));
    const error = await rejection(client(MeDocument));
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toBe("Forbidden.");
    expect((error as GatewayError).status).toBe(200);
    expect((error as GatewayError).response.errors).toEqual(errors);
    expect(gatewayErrorDetail(error)).toBe("Nein.");
    expect(isUnauthenticated(error)).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("calls onUnauthorized and rejects when the gateway says UNAUTHENTICATED", async () => {
    const errors = [{ message: "Sign in.", extensions: { code: "UNAUTHENTICATED" } }];
    const { client, onUnauthorized } = clientAnswering(json({ data: null, errors }));
    const error = await rejection(client(MeDocument));
    expect(isUnauthenticated(error)).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([400, 415, 500])("rejects an HTTP %i with a JSON body, keeping its errors", async (s) => {
    const errors = [{ message: `Refused ${s}` }];
    const { client } = clientAnswering(json({ errors }, s, "application/json"));
    const error = await rejection(client(MeDocument));
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(s);
    expect((error as GatewayError).response.errors).toEqual(errors);
    expect((error as GatewayError).message).toBe(`Refused ${s}`);
  });

  it("rejects an HTTP error with a non-JSON body with a clear error and the body", async () => {
    const { client } = clientAnswering(() =>
      Promise.resolve(
        new Response("<html>Bad gateway</html>", {
          status: 502,
          headers: { "content-type": "text/html" },
        }),
      ),
    );
    const error = await rejection(client(MeDocument));
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(502);
    expect((error as GatewayError).message).toBe("GraphQL Error (Code: 502)");
    expect((error as GatewayError).response.body).toBe("<html>Bad gateway</html>");
    expect(gatewayErrorDetail(error)).toBeNull();
  });

  it("rejects a 2xx answer that is not a GraphQL result", async () => {
    const { client } = clientAnswering(() => Promise.resolve(new Response("ok", { status: 200 })));
    const error = await rejection(client(MeDocument));
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toBe("GraphQL Error (Code: 200)");
  });

  it("rejects when the network fails", async () => {
    const { client, onUnauthorized } = clientAnswering(() =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    const error = await rejection(client(MeDocument));
    expect(error).toBeInstanceOf(TypeError);
    expect(isUnauthenticated(error)).toBe(false);
    expect(gatewayErrorDetail(error)).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
