import type { Request } from "autocannon";
import {
  AddToCartDocument,
  CompleteOrderDocument,
  ProductDocument,
  SetCartAddressesDocument,
  SetPaymentMethodDocument,
  StartCartDocument,
  TaxonDocument,
  type TypedDocumentString,
} from "../../src/lib/gql/graphql.js";
import type { Client } from "./load.js";
import { CHECKOUT_QUANTITY, type Fixture } from "./prepare.js";

export type Via = "GraphQL" | "REST";
export type Operation = "category" | "product" | "add to cart" | "checkout";
export const OPERATIONS: Operation[] = ["category", "product", "add to cart", "checkout"];

const SHOP = "/api/v2/shop";
/** The category page asks for up to 100 products (src/components/list-state.tsx). */
const CATEGORY_PER_PAGE = 100;

const gql = (
  document: TypedDocumentString<unknown, never>,
  variables: Record<string, unknown>,
): Request => ({
  method: "POST",
  path: "/graphql",
  // Printed from the documents codegen generates for the web app: the query the UI sends.
  body: JSON.stringify({ query: String(document), variables }),
});

/** What the product page's REST client would fetch: the product, its related products and its main taxon's first products. */
export interface ProductPlan {
  related: string[];
  mainTaxon: string | null;
}

/**
 * The simulated clients of one operation. `users` hands out bench users: each client of a
 * cart operation takes its own, so carts never contend (the several-tabs check does that).
 */
export function clientsFor(
  operation: Operation,
  via: Via,
  f: Fixture,
  plan: ProductPlan,
  users: string[],
  carts: string[],
): Client[] {
  return users.map((token, n) => {
    const headers = { authorization: `Bearer ${token}`, "accept-language": "en" };
    let added = n;
    const nextVariant = () => f.variants[added++ % f.variants.length]!;
    const nextCheckoutVariant = () => f.checkoutVariants[added++ % f.checkoutVariants.length]!;
    switch (operation) {
      case "category":
        return {
          headers,
          requests:
            via === "GraphQL"
              ? [gql(TaxonDocument, { code: f.taxon, perPage: CATEGORY_PER_PAGE })]
              : [
                  { method: "GET", path: `${SHOP}/taxons/${f.taxon}` },
                  {
                    method: "GET",
                    path: `${SHOP}/products?productTaxons.taxon.code=${f.taxon}&itemsPerPage=${CATEGORY_PER_PAGE}`,
                  },
                ],
        };
      case "product":
        return {
          headers,
          requests:
            via === "GraphQL"
              ? [gql(ProductDocument, { code: f.product })]
              : [
                  { method: "GET", path: `${SHOP}/products/${f.product}` },
                  {
                    method: "GET",
                    path: `${SHOP}/products?${plan.related.map((c) => `code[]=${c}`).join("&")}`,
                  },
                  ...(plan.mainTaxon
                    ? [
                        { method: "GET", path: `${SHOP}/taxons/${plan.mainTaxon}` },
                        {
                          method: "GET",
                          path: `${SHOP}/products?productTaxons.taxon.code=${plan.mainTaxon}&itemsPerPage=5`,
                        },
                      ]
                    : []),
                ],
        };
      case "add to cart":
        return { headers, requests: addToCart(via, carts[n]!, nextVariant) };
      case "checkout":
        return { headers, requests: checkout(via, f, nextCheckoutVariant, headers) };
    }
  });
}

/** Adds one piece of the next variant to the client's own cart, started before the run. */
function addToCart(via: Via, cart: string, nextVariant: () => string): Request[] {
  const query = String(AddToCartDocument);
  return [
    {
      method: "POST",
      path: via === "GraphQL" ? "/graphql" : `${SHOP}/orders/${cart}/items`,
      // A new variant each time, so no line reaches the per-line maximum quantity.
      setupRequest: (req) => ({
        ...req,
        body:
          via === "GraphQL"
            ? JSON.stringify({
                query,
                variables: { cartToken: cart, variantCode: nextVariant(), quantity: 1 },
              })
            : JSON.stringify({
                productVariant: `${SHOP}/product-variants/${nextVariant()}`,
                quantity: 1,
              }),
      }),
    },
  ];
}

let orderKey = 0;

/**
 * A whole checkout: start a cart, add a line, set the shipping address, pay by invoice (the only
 * method that completes without a card payment), complete the order.
 */
function checkout(
  via: Via,
  f: Fixture,
  nextVariant: () => string,
  headers: Record<string, string>,
): Request[] {
  const saveToken =
    (pick: (body: unknown) => string | undefined) =>
    (_status: number, body: string, context: Record<string, unknown>) => {
      try {
        context.token = pick(JSON.parse(body));
      } catch {
        context.token = undefined;
      }
    };
  const withToken =
    (build: (token: string) => Partial<Request>) =>
    (req: Request, context: Record<string, unknown>) =>
      typeof context.token === "string" ? { ...req, ...build(context.token) } : undefined;
  const savePayment =
    (pick: (body: unknown) => string | undefined) =>
    (_status: number, body: string, context: Record<string, unknown>) => {
      try {
        context.paymentId = pick(JSON.parse(body));
      } catch {
        context.paymentId = undefined;
      }
    };
  const withPayment =
    (build: (token: string, paymentId: string) => Partial<Request>) =>
    (req: Request, context: Record<string, unknown>) =>
      typeof context.token === "string" && typeof context.paymentId === "string"
        ? { ...req, ...build(context.token, context.paymentId) }
        : undefined;
  if (via === "GraphQL") {
    const startCart = String(StartCartDocument);
    const addToCart = String(AddToCartDocument);
    const setAddresses = String(SetCartAddressesDocument);
    const setPayment = String(SetPaymentMethodDocument);
    const complete = String(CompleteOrderDocument);
    const body = (query: string, variables: Record<string, unknown>) =>
      JSON.stringify({ query, variables });
    return [
      {
        method: "POST",
        path: "/graphql",
        body: body(startCart, {}),
        onResponse: saveToken(
          (b) => (b as { data?: { startCart?: { token?: string } } }).data?.startCart?.token,
        ),
      },
      {
        method: "POST",
        path: "/graphql",
        setupRequest: withToken((token) => ({
          body: body(addToCart, {
            cartToken: token,
            variantCode: nextVariant(),
            quantity: CHECKOUT_QUANTITY,
          }),
        })),
      },
      {
        method: "POST",
        path: "/graphql",
        setupRequest: withToken((token) => ({
          body: body(setAddresses, {
            cartToken: token,
            shippingAddressId: String(f.shippingAddressId),
          }),
        })),
        onResponse: savePayment(
          (b) =>
            (b as { data?: { setCartAddresses?: { payments?: { id?: string }[] } } }).data
              ?.setCartAddresses?.payments?.[0]?.id,
        ),
      },
      {
        method: "POST",
        path: "/graphql",
        setupRequest: withPayment((token, paymentId) => ({
          body: body(setPayment, { cartToken: token, paymentId, methodCode: "invoice" }),
        })),
      },
      {
        method: "POST",
        path: "/graphql",
        setupRequest: withToken((token) => ({
          body: body(complete, { cartToken: token, idempotencyKey: `bench-${++orderKey}` }),
        })),
      },
    ];
  }
  return [
    {
      method: "POST",
      path: `${SHOP}/orders`,
      body: "{}",
      onResponse: saveToken((b) => (b as { tokenValue?: string }).tokenValue),
    },
    {
      method: "POST",
      setupRequest: withToken((token) => ({
        path: `${SHOP}/orders/${token}/items`,
        body: JSON.stringify({
          productVariant: `${SHOP}/product-variants/${nextVariant()}`,
          quantity: CHECKOUT_QUANTITY,
        }),
      })),
    },
    {
      method: "PUT",
      setupRequest: withToken((token) => ({
        path: `${SHOP}/orders/${token}`,
        body: JSON.stringify({ shippingAddress: `${SHOP}/addresses/${f.shippingAddressId}` }),
      })),
      onResponse: savePayment((b) => {
        const id = (b as { payments?: { id?: string | number }[] }).payments?.[0]?.id;
        return id === undefined ? undefined : String(id);
      }),
    },
    {
      method: "PATCH",
      setupRequest: withPayment((token, paymentId) => ({
        path: `${SHOP}/orders/${token}/payments/${paymentId}`,
        body: JSON.stringify({ paymentMethod: `${SHOP}/payment-methods/invoice` }),
      })),
    },
    {
      method: "PATCH",
      setupRequest: withToken((token) => ({
        path: `${SHOP}/orders/${token}/complete`,
        // Per-request headers replace the connection's, so they repeat the Authorization.
        headers: {
          ...headers,
          "content-type": "application/json",
          "idempotency-key": `bench-${++orderKey}`,
        },
        body: "{}",
      })),
    },
  ];
}
