import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../fixtures/files/pdf-text.js";
import { readyCart } from "../support/carts.js";
import { backends, expectProblem, startTestApp, USERS, type TestApp } from "../support/test-app.js";

/** Purchase-order numbers (issue 21, part 2): optional, or required by the company. */
describe.each(backends)("purchase-order numbers on %s", (backend) => {
  let t: TestApp;
  let adminId: number;
  let buyerId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    adminId = await t.userId(USERS.spaAdmin);
    buyerId = await t.userId(USERS.spaBuyer);
  });
  afterAll(async () => t?.close());

  /** A cart ready to complete on invoice (items above the minimum, shipping address). */
  const setPo = (token: string, poNumber: unknown, as: string = USERS.spaBuyer, lang = "en") =>
    t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as,
      body: { poNumber },
      headers: { "accept-language": lang },
    });
  const complete = (token: string, body: unknown = {}, lang = "en") =>
    t.request("PATCH", `/api/v2/shop/orders/${token}/complete`, {
      as: USERS.spaBuyer,
      body,
      headers: { "accept-language": lang },
    });
  const setRequired = (required: unknown, as: string = USERS.spaAdmin) =>
    t.request("PUT", `/api/v2/shop/customers/${as === USERS.spaAdmin ? adminId : buyerId}`, {
      as,
      body: { poNumberRequired: required },
    });

  it("keeps an optional PO number on the cart, trimmed, and the placed order shows it", async () => {
    const token = await readyCart(t);
    const set = await setPo(token, "  PO-4711/A  ");
    expect(set.status).toBe(200);
    expect(set.body.poNumber).toBe("PO-4711/A");
    const placed = await complete(token);
    expect(placed.status).toBe(200);
    expect(placed.body.poNumber).toBe("PO-4711/A");
    const read = await t.request("GET", `/api/v2/shop/orders/${token}`, { as: USERS.spaAdmin });
    expect(read.body.poNumber).toBe("PO-4711/A");
  });

  it("completes without a PO number while the company does not require one", async () => {
    const token = await readyCart(t);
    const placed = await complete(token);
    expect(placed.status).toBe(200);
    expect(placed.body.poNumber).toBeNull();
  });

  it("refuses a PO number over 35 characters, in the caller's language, changing nothing", async () => {
    const token = await readyCart(t);
    expect((await setPo(token, "X".repeat(35))).status).toBe(200);
    const problem = await t.refused(422, () => setPo(token, "Y".repeat(36), USERS.spaBuyer, "de"));
    expect(problem.violations).toEqual([
      expect.objectContaining({ propertyPath: "poNumber", code: "poNumber.tooLong" }),
    ]);
    expect(problem.detail).toBe(
      "Die Bestellreferenz / Bestellnummer (PO) darf höchstens 35 Zeichen lang sein.",
    );
    // Trimmed first: 35 characters inside spaces fit.
    expect((await setPo(token, `  ${"Z".repeat(35)}  `)).body.poNumber).toBe("Z".repeat(35));
    expectProblem(await setPo(token, 4711), 422);
    const long = expectProblem(await complete(token, { poNumber: "Q".repeat(36) }), 422);
    expect(long.violations?.[0]?.propertyPath).toBe("poNumber");
    // An empty one removes it.
    expect((await setPo(token, "   ")).body.poNumber).toBeNull();
  });

  it("lets only an ADMIN make the PO number required; every role reads the setting", async () => {
    expectProblem(await setRequired(true, USERS.spaBuyer), 403);
    expectProblem(await setRequired("yes"), 422);
    const on = await setRequired(true);
    expect(on.status).toBe(200);
    expect(on.body.poNumberRequired).toBe(true);
    const marketingId = await t.userId(USERS.spaMarketing);
    const me = await t.request("GET", `/api/v2/shop/customers/${marketingId}`, {
      as: USERS.spaMarketing,
    });
    expect(me.body.poNumberRequired).toBe(true);
    // Another company is not concerned.
    const retailId = await t.userId(USERS.retailAdmin);
    const other = await t.request("GET", `/api/v2/shop/customers/${retailId}`, {
      as: USERS.retailAdmin,
    });
    expect(other.body.poNumberRequired).toBe(false);
    const audit = await t.db
      .selectFrom("audit_events")
      .select(["after"])
      .where("entity_type", "=", "company")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.after)).toContain('"po_number_required":true');
    expect((await setRequired(false)).body.poNumberRequired).toBe(false);
  });

  it("refuses completion without a PO number when the company requires one", async () => {
    expect((await setRequired(true)).status).toBe(200);
    try {
      const token = await readyCart(t);
      const problem = await t.refused(422, () => complete(token, {}, "fr"));
      expect(problem.type).toBe("/problems/checkout");
      expect(problem.violations).toEqual([
        expect.objectContaining({ propertyPath: "poNumber", code: "checkout.poNumberRequired" }),
      ]);
      expect(problem.detail).toContain("bon de commande");
      // Blank is none.
      expect((await setPo(token, "   ")).status).toBe(200);
      expectProblem(await complete(token), 422);
      // Given with the completion, or on the cart before: placed.
      const placed = await complete(token, { poNumber: " REQ-1 " });
      expect(placed.status).toBe(200);
      expect(placed.body.poNumber).toBe("REQ-1");
      const second = await readyCart(t);
      expect((await setPo(second, "REQ-2")).status).toBe(200);
      expect((await complete(second)).status).toBe(200);
    } finally {
      await setRequired(false);
    }
  });

  it("searches the order history by PO number or order number, within the company", async () => {
    const token = await readyCart(t);
    await setPo(token, "Spring-Campaign 2027");
    const placed = await complete(token);
    expect(placed.status).toBe(200);
    const search = (q: string, as: string = USERS.spaBuyer) =>
      t.request("GET", `/api/v2/shop/orders?search=${encodeURIComponent(q)}`, { as });
    for (const q of ["spring-campaign", "CAMPAIGN 2027", " Spring-Campaign 2027 "]) {
      const found = await search(q);
      expect(found.status).toBe(200);
      expect(found.body["hydra:member"].map((o: { number: string }) => o.number)).toEqual([
        placed.body.number,
      ]);
      expect(found.body["hydra:totalItems"]).toBe(1);
    }
    const byNumber = await search(placed.body.number);
    expect(byNumber.body["hydra:member"][0].number).toBe(placed.body.number);
    // A colleague finds it; another company does not; LIKE wildcards are taken literally.
    expect((await search("spring", USERS.spaAdmin)).body["hydra:totalItems"]).toBe(1);
    expect((await search("spring", USERS.retailAdmin)).body["hydra:totalItems"]).toBe(0);
    expect((await search("%")).body["hydra:totalItems"]).toBe(0);
    expect((await search("_")).body["hydra:totalItems"]).toBe(0);
    expectProblem(await search("x".repeat(36)), 400);
  });

  it("prints the PO number on the invoice PDF", async () => {
    const token = await readyCart(t);
    await setPo(token, "PDF-REF-0815");
    const placed = await complete(token);
    const res = await t.app.inject({
      method: "GET",
      url: `/customer-admin/invoice/${placed.body.tokenValue}/download`,
      headers: {
        authorization: `Bearer ${await t.token(USERS.spaBuyer)}`,
        "accept-language": "de",
      },
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).pages.flat().join("\n");
    expect(text).toContain("Ihre Referenz / PO-Nr.:");
    expect(text).toContain("PDF-REF-0815");
  });
});
