import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backends,
  DEMO_PASSWORD,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
  type TestResponse,
} from "../support/test-app.js";

const ADMIN = "/api/v2/admin";
const SHOP = "/api/v2/shop";

interface AuditEvent {
  "@id": string;
  id: number;
  actorType: string;
  actorId: number | null;
  companyId: number | null;
  entityType: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

describe.each(backends)("audit trail API on %s", (backend) => {
  let t: TestApp;
  let staffToken: string;
  let staffId: number;
  let spaOrder: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const res = await t.request("POST", `${ADMIN}/token`, {
      body: { email: "staff@brand.example", password: DEMO_PASSWORD },
    });
    staffToken = res.body.token;
    staffId = (
      await t.db
        .selectFrom("staff_users")
        .select("id")
        .where("email", "=", "staff@brand.example")
        .executeTakeFirstOrThrow()
    ).id;
    // Changes by staff for both companies, and one change nobody's company owns.
    spaOrder = await orderToken(1, "new");
    const retailOrder = await orderToken(2, "new");
    for (const [token, to] of [
      [spaOrder, "approved"],
      [retailOrder, "waiting"],
      [spaOrder, "shipped"],
    ]) {
      const moved = await staff("POST", `${ADMIN}/orders/${token}/transitions`, { to });
      expect(moved.status).toBe(200);
    }
    const agent = await staff("PUT", `${ADMIN}/companies/2/sales-agent`, {
      name: "Nora Blake",
      email: "nora.blake@lume-atelier.example",
    });
    expect(agent.status).toBe(200);
    const { id } = await t.db
      .selectFrom("partner_applications")
      .select("id")
      .executeTakeFirstOrThrow();
    const reject = await staff("POST", `${ADMIN}/partner-applications/${id}/reject`, {
      reason: "Test",
    });
    expect(reject.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const staff = (method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
    t.request(method, url, { token: staffToken, body });
  async function orderToken(companyId: number, state: string) {
    const row = await t.db
      .selectFrom("orders")
      .select("token_value")
      .where("company_id", "=", companyId)
      .where("state", "=", state)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return row.token_value;
  }
  async function orderId(token: string) {
    const row = await t.db
      .selectFrom("orders")
      .select("id")
      .where("token_value", "=", token)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const events = (res: TestResponse) => res.body["hydra:member"] as AuditEvent[];

  describe("for staff: every company", () => {
    it("lists every event newest first in the documented shape", async () => {
      const res = await staff("GET", `${ADMIN}/audit-events`);
      expect(res.status).toBe(200);
      const list = events(res);
      expect(res.body["hydra:totalItems"]).toBe(list.length);
      expect(list.map((e) => e.id)).toEqual([...list.map((e) => e.id)].sort((a, b) => b - a));
      expect(list.map((e) => `${e.entityType}:${e.action}`)).toEqual([
        "partner_application:rejected",
        "company:sales_agent_assigned",
        "order:transition.ship",
        "order:transition.wait",
        "order:transition.approve",
      ]);
      expect(list[1]).toEqual({
        "@id": `${ADMIN}/audit-events/${list[1]!.id}`,
        "@type": "AuditEvent",
        id: list[1]!.id,
        actorType: "staff",
        actorId: staffId,
        companyId: 2,
        entityType: "company",
        entityId: "2",
        action: "sales_agent_assigned",
        before: {
          salesAgent: { name: "Michael Grant", email: "michael.grant@lume-atelier.example" },
        },
        after: { salesAgent: { name: "Nora Blake", email: "nora.blake@lume-atelier.example" } },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(list[0]!.companyId).toBeNull();
      const one = await staff("GET", list[1]!["@id"]);
      expect(one.body).toEqual(list[1]);
    });

    it("filters by company, entity and action, and pages", async () => {
      const spa = events(await staff("GET", `${ADMIN}/audit-events?company=1`));
      expect(spa.map((e) => e.action)).toEqual(["transition.ship", "transition.approve"]);
      const iri = encodeURIComponent(`${ADMIN}/companies/2`);
      expect(events(await staff("GET", `${ADMIN}/audit-events?company=${iri}`))).toHaveLength(2);
      const id = await orderId(spaOrder);
      const entity = await staff("GET", `${ADMIN}/audit-events?entityType=order&entityId=${id}`);
      expect(events(entity).map((e) => e.entityId)).toEqual([String(id), String(id)]);
      const action = await staff("GET", `${ADMIN}/audit-events?action=transition.wait`);
      expect(events(action)).toHaveLength(1);
      const page = await staff("GET", `${ADMIN}/audit-events?itemsPerPage=2&page=2`);
      expect(events(page).map((e) => e.action)).toEqual(["transition.ship", "transition.wait"]);
      expect(page.body["hydra:totalItems"]).toBe(5);
      expect(events(await staff("GET", `${ADMIN}/audit-events?company=999`))).toEqual([]);
    });

    it.each([
      ["company=abc"],
      ["company=1.0"],
      ["page=0"],
      ["itemsPerPage=10000"],
      ["entityType=order&entityType=company"],
    ])("refuses the query %s as a bad request", async (query) => {
      await t.refused(400, () => staff("GET", `${ADMIN}/audit-events?${query}`));
    });

    it("answers 404 for an unknown event", async () => {
      expectProblem(await staff("GET", `${ADMIN}/audit-events/999999`), 404);
      expectProblem(await staff("GET", `${ADMIN}/audit-events/abc`), 404);
    });
  });

  describe("for a company's ADMIN: their own company only", () => {
    it("lists the company's events, none of another company", async () => {
      const spa = await t.request("GET", `${SHOP}/audit-events`, { as: USERS.spaAdmin });
      expect(spa.status).toBe(200);
      expect(events(spa).map((e) => e.action)).toEqual(["transition.ship", "transition.approve"]);
      expect(events(spa).every((e) => e.companyId === 1)).toBe(true);
      expect(events(spa)[0]!["@id"]).toBe(`${SHOP}/audit-events/${events(spa)[0]!.id}`);
      const retail = await t.request("GET", `${SHOP}/audit-events`, { as: USERS.retailAdmin });
      expect(events(retail).map((e) => e.action)).toEqual([
        "sales_agent_assigned",
        "transition.wait",
      ]);
      const filtered = await t.request("GET", `${SHOP}/audit-events?entityType=company`, {
        as: USERS.retailAdmin,
      });
      expect(events(filtered)).toHaveLength(1);
    });

    it("reads one of its own events, and another company's is 404", async () => {
      const retail = events(
        await t.request("GET", `${SHOP}/audit-events`, { as: USERS.retailAdmin }),
      );
      const own = await t.request("GET", retail[0]!["@id"], { as: USERS.retailAdmin });
      expect(own.status).toBe(200);
      expect(own.body).toEqual(retail[0]);
      expectProblem(await t.request("GET", retail[0]!["@id"], { as: USERS.spaAdmin }), 404);
      // Events of no company (an application review) are the brand's only.
      const [rejection] = events(
        await staff("GET", `${ADMIN}/audit-events?entityType=partner_application`),
      );
      expectProblem(
        await t.request("GET", `${SHOP}/audit-events/${rejection!.id}`, { as: USERS.spaAdmin }),
        404,
      );
    });

    it.each([
      ["COMMERCIAL", USERS.spaBuyer],
      ["MARKETING", USERS.spaMarketing],
    ])("refuses a %s user (403)", async (_role, email) => {
      await t.refused(403, () => t.request("GET", `${SHOP}/audit-events`, { as: email }));
      await t.refused(403, () => t.request("GET", `${SHOP}/audit-events/1`, { as: email }));
    });

    it("refuses no token, and a staff token, on the shop side (401)", async () => {
      await t.refused(401, () => t.request("GET", `${SHOP}/audit-events`));
      await t.refused(401, () => t.request("GET", `${SHOP}/audit-events`, { token: staffToken }));
    });

    it("refuses a shop token on the staff side (401)", async () => {
      await t.refused(401, () => t.request("GET", `${ADMIN}/audit-events`, { as: USERS.spaAdmin }));
    });

    it("refuses bad paging on the shop side", async () => {
      expectProblem(
        await t.request("GET", `${SHOP}/audit-events?page=-1`, { as: USERS.spaAdmin }),
        400,
      );
    });
  });
});
