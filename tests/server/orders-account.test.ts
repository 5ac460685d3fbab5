import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, expectProblem, startTestApp, USERS, type TestApp } from "../support/test-app.js";
import { orderResources } from "../../server/core/order-resource.js";

const ORDERS = "/api/v2/shop/orders";

interface Payment {
  state: string;
  amount: number;
  updatedAt: string;
  paidAt: string | null;
  dueDate: string | null;
  createdAt: string;
}
interface Order {
  "@id": string;
  tokenValue: string;
  number: string | null;
  state: string;
  paymentState: string;
  paymentStatus: string;
  total: number;
  totalUnpaidAmount: number;
  payments: Payment[];
  parentOrder: string | null;
  splitIndex: number | null;
  splitCount: number | null;
  splitOrders: {
    "@id": string;
    tokenValue: string;
    number: string;
    state: string;
    paymentState: string;
    total: number;
    splitIndex: number;
    splitCount: number;
  }[];
  splitTotal: number;
  statuses: string[];
}

describe.each(backends)("orders in the account area on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const history = async (as: string): Promise<Order[]> => {
    const res = await t.request("GET", `${ORDERS}?itemsPerPage=9999`, { as });
    expect(res.status).toBe(200);
    return res.body["hydra:member"];
  };
  const splitOf = (orders: Order[]) => {
    const parent = orders.find((o) => o.splitIndex === 1)!;
    const child = orders.find((o) => o.splitIndex === 2)!;
    return { parent, child };
  };

  it("shows a split order as a parent (1/N) with its children (k/N) to every role", async () => {
    for (const as of [USERS.spaAdmin, USERS.spaBuyer, USERS.spaMarketing]) {
      const orders = await history(as);
      // Eleven placed orders, one of them split in two: the child is listed too.
      expect(orders).toHaveLength(12);
      const { parent, child } = splitOf(orders);
      expect(parent).toMatchObject({ splitIndex: 1, splitCount: 2, parentOrder: null });
      expect(child).toMatchObject({
        splitIndex: 2,
        splitCount: 2,
        number: `${parent.number}-2`,
        parentOrder: parent["@id"],
        splitOrders: [],
        splitTotal: child.total,
        statuses: [child.state],
      });
      expect(parent.splitOrders).toEqual([
        {
          "@id": `${ORDERS}/${child.tokenValue}`,
          "@type": "Order",
          tokenValue: child.tokenValue,
          number: child.number,
          state: child.state,
          paymentState: child.paymentState,
          paymentStatus: child.paymentStatus,
          total: child.total,
          splitIndex: 2,
          splitCount: 2,
        },
      ]);
      expect(parent.splitTotal).toBe(parent.total + child.total);
      expect(parent.statuses).toEqual(["shipped"]);
      // Orders that were never split describe only themselves.
      for (const o of orders.filter((x) => x.splitIndex === null)) {
        expect(o).toMatchObject({
          parentOrder: null,
          splitOrders: [],
          splitTotal: o.total,
          statuses: [o.state],
        });
      }
    }
  });

  it("gives the same split fields on the order's own page", async () => {
    const { parent, child } = splitOf(await history(USERS.spaBuyer));
    const p = await t.request("GET", `${ORDERS}/${parent.tokenValue}`, { as: USERS.spaBuyer });
    const c = await t.request("GET", `${ORDERS}/${child.tokenValue}`, { as: USERS.spaBuyer });
    expect(p.body).toEqual(parent);
    expect(c.body).toEqual(child);
  });

  it("lists the distinct states of a parent and its children, parent first", async () => {
    const { parent, child } = splitOf(await history(USERS.spaAdmin));
    await t.db
      .updateTable("orders")
      .set({ state: "invoiced" })
      .where("token_value", "=", child.tokenValue)
      .execute();
    try {
      const res = await t.request("GET", `${ORDERS}/${parent.tokenValue}`, { as: USERS.spaAdmin });
      expect(res.body.statuses).toEqual(["shipped", "invoiced"]);
      expect(res.body.splitOrders[0].state).toBe("invoiced");
    } finally {
      await t.db
        .updateTable("orders")
        .set({ state: "shipped" })
        .where("token_value", "=", child.tokenValue)
        .execute();
    }
  });

  it("never shows another company's split orders", async () => {
    const spa = splitOf(await history(USERS.spaAdmin));
    const retailOrders = await history(USERS.retailAdmin);
    const retail = splitOf(retailOrders);
    const tokens = retailOrders.map((o) => o.tokenValue);
    for (const o of [spa.parent, spa.child]) {
      expect(tokens).not.toContain(o.tokenValue);
      expectProblem(
        await t.request("GET", `${ORDERS}/${o.tokenValue}`, { as: USERS.retailAdmin }),
        404,
      );
      expectProblem(
        await t.request("GET", `${ORDERS}/${o.tokenValue}/payments`, { as: USERS.retailAdmin }),
        404,
      );
    }
    expect(retail.parent.splitOrders.map((s) => s.tokenValue)).toEqual([retail.child.tokenValue]);
    expect(retail.child.parentOrder).toBe(retail.parent["@id"]);
    expect(retail.parent.number).not.toBe(spa.parent.number);
  });

  it("shows a cancelled order as not paid with nothing left to pay", async () => {
    const cancelled = (await history(USERS.spaAdmin)).find((o) => o.state === "cancelled")!;
    expect(cancelled).toMatchObject({
      paymentState: "cancelled",
      paymentStatus: "not_paid",
      totalUnpaidAmount: 0,
      splitOrders: [],
      statuses: ["cancelled"],
    });
    expect(cancelled.payments.map((p) => [p.state, p.paidAt])).toEqual([["cancelled", null]]);
  });

  it("shows a partially paid order with what was paid when, and what is left", async () => {
    const order = (await history(USERS.spaBuyer)).find((o) => o.paymentState === "partially_paid")!;
    expect(order.paymentStatus).toBe("partially_paid");
    const completed = order.payments.find((p) => p.state === "completed")!;
    const open = order.payments.find((p) => p.state === "new")!;
    expect(order.payments).toHaveLength(2);
    expect(completed.paidAt).toBe(completed.updatedAt);
    expect(new Date(completed.paidAt!).getTime()).toBeGreaterThan(
      new Date(completed.createdAt).getTime(),
    );
    expect(open.paidAt).toBeNull();
    expect(open.dueDate).toEqual(expect.any(String));
    expect(order.totalUnpaidAmount).toBe(open.amount);
    expect(completed.amount + open.amount).toBe(order.total);

    const payments = await t.request("GET", `${ORDERS}/${order.tokenValue}/payments`, {
      as: USERS.spaBuyer,
    });
    expect(payments.body.totalUnpaidAmount).toBe(open.amount);
    expect(payments.body["hydra:member"].map((p: Payment) => p.paidAt)).toEqual(
      order.payments.map((p) => p.paidAt),
    );
  });

  it("maps every payment state to the status the payments table shows", async () => {
    const orders = await history(USERS.spaAdmin);
    const expected: Record<string, string> = {
      paid: "paid",
      cancelled: "not_paid",
      partially_paid: "partially_paid",
      awaiting_payment: "pending",
    };
    expect(new Set(orders.map((o) => o.paymentState))).toEqual(new Set(Object.keys(expected)));
    for (const o of orders) expect(o.paymentStatus).toBe(expected[o.paymentState]);
    for (const o of orders.filter((x) => x.paymentState === "paid")) {
      expect(o.totalUnpaidAmount).toBe(0);
      for (const p of o.payments) expect(p.paidAt).toBe(p.updatedAt);
    }
    for (const o of orders.filter((x) => x.paymentState === "awaiting_payment")) {
      expect(o.totalUnpaidAmount).toBe(o.total);
    }
  });

  describe("payments are the Payments section: ADMIN and COMMERCIAL only (account spec 6)", () => {
    const partiallyPaid = async () =>
      (await history(USERS.spaAdmin)).find((o) => o.paymentState === "partially_paid")!;

    it.each([USERS.spaAdmin, USERS.spaBuyer])("answers an order's payments to %s", async (as) => {
      const order = await partiallyPaid();
      const res = await t.request("GET", `${ORDERS}/${order.tokenValue}/payments`, { as });
      expect(res.status).toBe(200);
      expect(res.body["hydra:member"]).toHaveLength(2);
      expect(res.body.totalUnpaidAmount).toBe(order.totalUnpaidAmount);
    });

    it("refuses an order's payments to MARKETING with a translated 403, whatever the order", async () => {
      const order = await partiallyPaid();
      const problem = await t.refused(403, () =>
        t.request("GET", `${ORDERS}/${order.tokenValue}/payments`, { as: USERS.spaMarketing }),
      );
      expect(problem.detail).toBe("Your role does not allow this action.");
      const german = await t.request("GET", `${ORDERS}/${order.tokenValue}/payments`, {
        as: USERS.spaMarketing,
        headers: { "accept-language": "de" },
      });
      expectProblem(german, 403);
      expect(german.body.detail).toBe("Ihre Rolle erlaubt diese Aktion nicht.");
      // The same answer for a token that is no order of the company: nothing is revealed.
      await t.refused(403, () =>
        t.request("GET", `${ORDERS}/unknown-token/payments`, { as: USERS.spaMarketing }),
      );
    });

    it("keeps the order history of MARKETING without payments and balance", async () => {
      const admin = await history(USERS.spaAdmin);
      const marketing = await history(USERS.spaMarketing);
      expect(marketing.map((o) => o.tokenValue)).toEqual(admin.map((o) => o.tokenValue));
      expect(admin.some((o) => o.payments.length > 0)).toBe(true);
      for (const o of marketing) {
        const full = admin.find((a) => a.tokenValue === o.tokenValue)!;
        // Everything the order history shows is there: items, totals, states, split numbering.
        expect(o).toEqual({ ...full, payments: [], totalUnpaidAmount: null, overdue: false });
      }
      const order = await partiallyPaid();
      const detail = await t.request("GET", `${ORDERS}/${order.tokenValue}`, {
        as: USERS.spaMarketing,
      });
      expect(detail.status).toBe(200);
      expect(detail.body).toEqual({
        ...order,
        payments: [],
        totalUnpaidAmount: null,
        overdue: false,
      });
      const items = await t.request("GET", `${ORDERS}/${order.tokenValue}/items`, {
        as: USERS.spaMarketing,
      });
      expect(items.status).toBe(200);
      expect(items.body["hydra:totalItems"]).toBeGreaterThan(0);
    });

    it("shows COMMERCIAL the same payments as ADMIN", async () => {
      expect(await history(USERS.spaBuyer)).toEqual(await history(USERS.spaAdmin));
    });
  });

  it("gives a cart the same fields, as pending with nothing split", async () => {
    const res = await t.request("POST", ORDERS, { as: USERS.spaMarketing, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: "cart",
      paymentStatus: "pending",
      totalUnpaidAmount: 0,
      parentOrder: null,
      splitOrders: [],
      splitTotal: 0,
      statuses: ["cart"],
    });
  });

  it("refuses visitors and bad tokens", async () => {
    expectProblem(await t.request("GET", ORDERS), 401);
    expectProblem(await t.request("GET", ORDERS, { token: "x.y.z" }), 401);
  });

  // Four queries beside the caller's own: items, payments, shipments and split relatives.
  it("shapes any number of orders with the same four queries (three for carts and orders never split)", async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.db.withPlugin(counting);
    const all = await t.db.selectFrom("orders").selectAll().orderBy("id").execute();
    const rows = all.filter((o) => o.state !== "cart");
    expect(rows.length).toBeGreaterThan(20);
    const split = rows.filter((o) => o.split_count !== null || o.parent_order_id !== null);
    const whole = rows.filter((o) => o.split_count === null && o.parent_order_id === null);
    expect(split.length).toBeGreaterThan(0);
    expect(whole.length).toBeGreaterThan(1);
    const perCount: number[] = [];
    for (const slice of [split.slice(0, 1), split.slice(-1), rows]) {
      queries = 0;
      const resources = await orderResources(db, slice, "de");
      expect(resources).toHaveLength(slice.length);
      perCount.push(queries);
    }
    expect(perCount).toEqual([4, 4, 4]);
    // An order never split, like a cart, has no relatives to look for (issue 22).
    queries = 0;
    expect(await orderResources(db, whole, "de")).toHaveLength(whole.length);
    expect(queries).toBe(3);
    // A cart is never split: its relatives are not looked for.
    const carts = await t.db.selectFrom("orders").selectAll().where("state", "=", "cart").execute();
    expect(carts.length).toBeGreaterThan(0);
    queries = 0;
    await orderResources(db, carts, "de");
    expect(queries).toBe(3);
  });
});
