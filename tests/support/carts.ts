import { expect } from "vitest";
import { USERS, type TestApp } from "./test-app.js";

/**
 * A cart of `quantity` units of `variant` ready to complete: shipping `address` (by default 2,
 * Demo Spa's) and `method` as its payment method. Answers the cart's token.
 */
export async function readyCart(
  t: TestApp,
  opts: {
    as?: string;
    method?: string;
    variant?: string;
    quantity?: number;
    address?: number;
  } = {},
): Promise<string> {
  const as = opts.as ?? USERS.spaBuyer;
  const token = (await t.request("POST", "/api/v2/shop/orders", { as, body: {} })).body
    .tokenValue as string;
  const added = await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
    as,
    body: {
      productVariant: `/api/v2/shop/product-variants/${opts.variant ?? "FIRM-LIFT-SERUM-30ML"}`,
      quantity: opts.quantity ?? 30,
    },
  });
  expect(added.status, added.raw).toBe(201);
  const put = await t.request("PUT", `/api/v2/shop/orders/${token}`, {
    as,
    body: { shippingAddress: `/api/v2/shop/addresses/${opts.address ?? 2}` },
  });
  expect(put.status, put.raw).toBe(200);
  const pay = await t.request(
    "PATCH",
    `/api/v2/shop/orders/${token}/payments/${added.body.payments[0].id}`,
    { as, body: { paymentMethod: `/api/v2/shop/payment-methods/${opts.method ?? "invoice"}` } },
  );
  expect(pay.status, pay.raw).toBe(200);
  return token;
}
