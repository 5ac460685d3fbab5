import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOverdue } from "../../rules/payment-status.js";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

interface Payment {
  state: string;
  dueDate: string | null;
  overdue: boolean;
}
interface Order {
  number: string | null;
  state: string;
  totalUnpaidAmount: number | null;
  overdue: boolean;
  payments: Payment[];
}

describe("overdue: the server's rule (issue 30)", () => {
  const now = new Date("2026-11-28T09:00:00Z");
  it("is an open payment due on a day before today", () => {
    expect(isOverdue({ state: "new", due_date: new Date("2026-10-14T00:00:00Z") }, now)).toBe(true);
    expect(isOverdue({ state: "new", due_date: "2026-11-27T23:59:59Z" }, now)).toBe(true);
  });
  it("is not a payment due today or later, paid, cancelled or without a due date", () => {
    expect(isOverdue({ state: "new", due_date: "2026-11-28T00:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ state: "new", due_date: "2026-12-28T00:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ state: "completed", due_date: "2026-10-14T00:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ state: "cancelled", due_date: "2026-10-14T00:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ state: "new", due_date: null }, now)).toBe(false);
  });
});

describe.each(backends)("overdue orders and payments on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const history = async (as: string): Promise<Order[]> => {
    const res = await t.request("GET", "/api/v2/shop/orders?itemsPerPage=9999", { as });
    expect(res.status).toBe(200);
    return res.body["hydra:member"];
  };
  // The seed dates its orders from the day it runs, so "before today" holds whatever the date.
  const today = () => {
    const d = new Date();
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  };
  const dueBeforeToday = (p: Payment) => p.dueDate !== null && Date.parse(p.dueDate) < today();

  it("flags the seeded invoice 000100007, open and past its due date", async () => {
    const order = (await history(USERS.spaAdmin)).find((o) => o.number === "000100007")!;
    expect(order).toBeDefined();
    expect(order.totalUnpaidAmount).toBeGreaterThan(0);
    expect(order.payments.some((p) => p.state === "new" && dueBeforeToday(p))).toBe(true);
    expect(order.overdue).toBe(true);
    expect(order.payments.filter((p) => p.overdue).length).toBeGreaterThan(0);
  });

  it("flags exactly the open payments due before today, and their orders", async () => {
    const orders = await history(USERS.spaAdmin);
    expect(orders.some((o) => !o.overdue && o.state !== "cart")).toBe(true);
    for (const o of orders) {
      for (const p of o.payments) expect(p.overdue).toBe(p.state === "new" && dueBeforeToday(p));
      expect(o.overdue).toBe(o.state !== "cart" && o.payments.some((p) => p.overdue));
    }
  });

  it("tells MARKETING nothing of payments: no overdue flag either", async () => {
    const orders = await history(USERS.spaMarketing);
    const order = orders.find((o) => o.number === "000100007")!;
    expect(order.payments).toEqual([]);
    expect(order.overdue).toBe(false);
  });
});
