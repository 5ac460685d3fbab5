import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AddToCartDocument,
  ApprovalsDocument,
  ApproveOrderDocument,
  CompanyUsersDocument,
  CompleteOrderDocument,
  MeDocument,
  OrderDocument,
  RejectOrderDocument,
  SetCartAddressesDocument,
  SetPaymentMethodDocument,
  SetSpendingLimitsDocument,
  StartCartDocument,
} from "../../src/lib/gql/graphql.js";
import { expireHeldOrders } from "../../server/db/approvals.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

/** Spending limits and order approval through the gateway (issue 21, part 1; decision 043). */
describe("gateway: spending limits and order approval", () => {
  let h: GatewayHarness;
  let buyerId: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startGateway();
    for (const email of Object.values(USERS)) tokens[email] = await h.t.token(email);
    buyerId = String(await h.t.userId(USERS.spaBuyer));
  });
  afterAll(async () => h?.close());
  const as = (email: string, lang = "en") => ({
    token: tokens[email]!,
    headers: { "accept-language": lang },
  });
  const errorCodeOf = (answer: { errors?: readonly { extensions?: unknown }[] }) =>
    (answer.errors?.[0]?.extensions as { code?: string } | undefined)?.code;

  async function placedOverLimit() {
    const email = USERS.spaBuyer;
    const cart = dataOf(await h.run(StartCartDocument, {}, as(email))).startCart;
    const added = expectType(
      dataOf(
        await h.run(
          AddToCartDocument,
          { cartToken: cart.token, variantCode: "FIRM-LIFT-SERUM-30ML", quantity: 30 },
          as(email),
        ),
      ).addToCart,
      "Cart",
    );
    expectType(
      dataOf(
        await h.run(
          SetCartAddressesDocument,
          { cartToken: cart.token, shippingAddressId: "2" },
          as(email),
        ),
      ).setCartAddresses,
      "Cart",
    );
    expectType(
      dataOf(
        await h.run(
          SetPaymentMethodDocument,
          { cartToken: cart.token, paymentId: added.payments[0]!.id, methodCode: "invoice" },
          as(email),
        ),
      ).setPaymentMethod,
      "Cart",
    );
    const placed = expectType(
      dataOf(
        await h.run(
          CompleteOrderDocument,
          { cartToken: cart.token, idempotencyKey: `approval-${cart.token}` },
          as(email),
        ),
      ).completeOrder,
      "Order",
    );
    return placed;
  }

  it("sets limits (ADMIN only), shown on the company users; bad limits are typed errors", async () => {
    const set = expectType(
      dataOf(
        await h.run(
          SetSpendingLimitsDocument,
          { userId: buyerId, orderLimit: 100, monthlyLimit: null },
          as(USERS.spaAdmin),
        ),
      ).setSpendingLimits,
      "CompanyUser",
    );
    expect(set).toMatchObject({ orderLimit: 100, monthlyLimit: null });
    const users = dataOf(await h.run(CompanyUsersDocument, {}, as(USERS.spaAdmin))).companyUsers;
    expect(users.find((u) => u.id === buyerId)).toMatchObject({ orderLimit: 100 });
    // The buyer reads their own limits (checkout warns beforehand); an ADMIN has none.
    const me = dataOf(await h.run(MeDocument, {}, as(USERS.spaBuyer))).me;
    expect(me?.spendingLimits).toEqual({ orderLimit: 100, monthlyLimit: null, spentThisMonth: 0 });
    const admin = dataOf(await h.run(MeDocument, {}, as(USERS.spaAdmin))).me;
    expect(admin?.spendingLimits).toBeNull();
    const bad = expectType(
      dataOf(
        await h.run(
          SetSpendingLimitsDocument,
          { userId: buyerId, orderLimit: 0, monthlyLimit: null },
          as(USERS.spaAdmin, "es"),
        ),
      ).setSpendingLimits,
      "ValidationError",
    );
    expect(bad.violations[0]).toMatchObject({
      propertyPath: "orderLimit",
      code: "spendingLimit.range",
    });
    expect(bad.message).toContain("límite");
    // A month's limit below the order's (issue 30).
    const below = expectType(
      dataOf(
        await h.run(
          SetSpendingLimitsDocument,
          { userId: buyerId, orderLimit: 100_000, monthlyLimit: 50_000 },
          as(USERS.spaAdmin, "fr"),
        ),
      ).setSpendingLimits,
      "ValidationError",
    );
    expect(below.violations[0]).toMatchObject({
      propertyPath: "monthlyLimit",
      code: "spendingLimit.monthBelowOrder",
    });
    expect(below.message).toContain("mensuelle");
    expectType(
      dataOf(
        await h.run(
          SetSpendingLimitsDocument,
          { userId: buyerId, orderLimit: 5 },
          as(USERS.spaBuyer),
        ),
      ).setSpendingLimits,
      "ForbiddenError",
    );
  });

  it("lists the held order for an ADMIN, approves it once; the buyer reads the approval", async () => {
    const placed = await placedOverLimit();
    expect(placed.state).toBe("awaiting approval");
    expect(placed.approval).toEqual({ state: "PENDING", reason: null, decidedAt: null });
    const list = dataOf(await h.run(ApprovalsDocument, {}, as(USERS.spaAdmin))).approvals;
    expect(list.totalItems).toBeGreaterThanOrEqual(1);
    expect(list.items.find((a) => a.order.token === placed.token)).toMatchObject({
      buyerEmail: USERS.spaBuyer,
      orderLimit: 100,
      ownOrder: false,
    });
    expect(errorCodeOf(await h.run(ApprovalsDocument, {}, as(USERS.spaBuyer)))).toBe("FORBIDDEN");
    const approved = expectType(
      dataOf(await h.run(ApproveOrderDocument, { token: placed.token }, as(USERS.spaAdmin)))
        .approveOrder,
      "Order",
    );
    expect(approved.state).toBe("new");
    expect(approved.approval?.state).toBe("APPROVED");
    const again = expectType(
      dataOf(await h.run(ApproveOrderDocument, { token: placed.token }, as(USERS.spaAdmin)))
        .approveOrder,
      "OrderStateError",
    );
    expect(again.message).toContain("no longer awaiting approval");
    const seen = dataOf(await h.run(OrderDocument, { token: placed.token }, as(USERS.spaBuyer)));
    expect(seen.order?.approval?.state).toBe("APPROVED");
  });

  it("rejects with a reason (required), refuses the buyer and another company", async () => {
    const placed = await placedOverLimit();
    const missing = expectType(
      dataOf(
        await h.run(RejectOrderDocument, { token: placed.token, reason: " " }, as(USERS.spaAdmin)),
      ).rejectOrder,
      "ValidationError",
    );
    expect(missing.violations[0]?.code).toBe("approval.reasonRequired");
    expectType(
      dataOf(
        await h.run(RejectOrderDocument, { token: placed.token, reason: "no" }, as(USERS.spaBuyer)),
      ).rejectOrder,
      "ForbiddenError",
    );
    expectType(
      dataOf(
        await h.run(
          RejectOrderDocument,
          { token: placed.token, reason: "no" },
          as(USERS.retailAdmin),
        ),
      ).rejectOrder,
      "NotFoundError",
    );
    const rejected = expectType(
      dataOf(
        await h.run(
          RejectOrderDocument,
          { token: placed.token, reason: "Over the quarter's budget" },
          as(USERS.spaAdmin),
        ),
      ).rejectOrder,
      "Order",
    );
    expect(rejected).toMatchObject({
      state: "cancelled",
      approval: { state: "REJECTED", reason: "Over the quarter's budget" },
    });
  });

  it("shows an order nobody decided on in time as EXPIRED to the buyer (issue 32, finding B)", async () => {
    const placed = await placedOverLimit();
    const later = new Date(Date.now() + 15 * 86_400_000);
    const mail = { publicUrl: "http://portal.test", brandName: "Brand" };
    expect(await expireHeldOrders(h.t.db, 14, mail, later)).toBeGreaterThanOrEqual(1);
    const seen = dataOf(await h.run(OrderDocument, { token: placed.token }, as(USERS.spaBuyer)));
    expect(seen.order).toMatchObject({ state: "cancelled", approval: { state: "EXPIRED" } });
  });
});
