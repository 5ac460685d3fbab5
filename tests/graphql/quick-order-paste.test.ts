import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuickOrderPasteDocument } from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

/** Pasted quick-order lines through the gateway (issue 21, part 3). */
describe("gateway: pasted quick-order lines", () => {
  let h: GatewayHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startGateway();
    for (const email of Object.values(USERS)) tokens[email] = await h.t.token(email);
  });
  afterAll(async () => h?.close());
  const run = (text: string, email: string = USERS.spaBuyer, lang = "en") =>
    h.run(
      QuickOrderPasteDocument,
      { text },
      { token: tokens[email]!, headers: { "accept-language": lang } },
    );

  it("answers every line like quickOrderLines, bad rows with their problems", async () => {
    const pasted = expectType(
      dataOf(await run("GLOW-MINI-ROSE, 2\nNO-SUCH;1\nGLOW-MINI-MINT\tzwei\nGLOW-PRO-BLUSH 1"))
        .quickOrderPaste,
      "QuickOrderPasted",
    );
    expect(
      pasted.lines.map((l) => [l.row, l.code, l.quantity, l.problems.map((p) => p.reason)]),
    ).toEqual([
      [1, "GLOW-MINI-ROSE", "2", []],
      [2, "NO-SUCH", "1", ["unknown_code"]],
      [3, "GLOW-MINI-MINT", "zwei", ["invalid_quantity"]],
      [4, "GLOW-PRO-BLUSH", "1", []],
    ]);
    expect(pasted.lines[0]!.lineTotal).toBe(pasted.lines[0]!.product!.unitPrice * 2);
  });

  it("refuses more than 1,000 lines with a translated ValidationError; MARKETING is forbidden", async () => {
    const refused = expectType(
      dataOf(await run(Array(1001).fill("GLOW-MINI-ROSE;1").join("\n"), USERS.spaBuyer, "de"))
        .quickOrderPaste,
      "ValidationError",
    );
    expect(refused.violations[0]).toMatchObject({ code: "quickOrderPaste.tooManyLines" });
    expect(refused.message).toContain("1000");
    expectType(
      dataOf(await run("GLOW-MINI-ROSE;1", USERS.spaMarketing)).quickOrderPaste,
      "ForbiddenError",
    );
  });
});
