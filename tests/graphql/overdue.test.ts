import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderHistoryDocument } from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, startGateway, type GatewayHarness } from "./harness.js";

describe("gateway: overdue orders and payments (issue 30)", () => {
  let h: GatewayHarness;
  let token: string;
  beforeAll(async () => {
    h = await startGateway();
    token = await h.t.token(USERS.spaAdmin);
  });
  afterAll(async () => h?.close());

  it("says which orders and payments are overdue, as the REST API does", async () => {
    const { orders } = dataOf(
      await h.run(OrderHistoryDocument, { page: 1, perPage: 100 }, { token }),
    );
    const rest = await h.t.request("GET", "/api/v2/shop/orders?itemsPerPage=100", {
      as: USERS.spaAdmin,
    });
    const restOverdue = new Map<string, boolean>(
      (rest.body["hydra:member"] as { number: string; overdue: boolean }[]).map((o) => [
        o.number,
        o.overdue,
      ]),
    );
    const seeded = orders.items.find((o) => o.number === "000100007")!;
    expect(seeded.overdue).toBe(true);
    expect(seeded.payments.some((p) => p.overdue)).toBe(true);
    for (const o of orders.items) {
      if (o.number) expect(o.overdue).toBe(restOverdue.get(o.number));
      expect(o.overdue).toBe(o.payments.some((p) => p.overdue));
    }
    expect(orders.items.some((o) => !o.overdue)).toBe(true);
  });
});
