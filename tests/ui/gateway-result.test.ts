import { afterEach, describe, expect, it, vi } from "vitest";
import { asRefusal, call, refusalOf, successOf } from "../../src/lib/gateway-result";
import { GatewayError } from "../../src/lib/graphql-client";

const request = { query: "mutation X { x }" };

/** A gateway error as the client raises it: the REST problem's detail in the extensions. */
const gatewayError = (detail?: string) =>
  new GatewayError(
    {
      status: 200,
      errors: [
        {
          message: detail ?? "Unexpected error.",
          extensions: detail ? { code: "FORBIDDEN", detail } : { code: "INTERNAL" },
        },
      ],
    },
    request,
  );

describe("gateway results (src/lib/gateway-result.ts)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers the wanted member of a result union", () => {
    const cart = { __typename: "Cart" as const, token: "t" };
    expect(successOf(cart as typeof cart | { __typename: "NotFoundError" }, "Cart")).toBe(cart);
  });

  it("throws an error member as a refusal with its detail and violations", () => {
    const refused = {
      __typename: "ValidationError",
      message: "Zu viele Zeilen.",
      violations: [{ propertyPath: "text", message: "Höchstens 1.000 Zeilen." }],
    };
    expect(() => successOf(refused, "QuickOrderPasted")).toThrow(
      expect.objectContaining({
        detail: "Zu viele Zeilen.",
        violations: [{ propertyPath: "text", message: "Höchstens 1.000 Zeilen." }],
      }),
    );
    expect(refusalOf({ __typename: "NotFoundError", message: "" })).toEqual({
      detail: null,
      violations: [],
    });
  });

  it("reads a gateway error's detail, never its untranslated message", () => {
    expect(asRefusal(gatewayError("Accès refusé."))).toEqual({
      detail: "Accès refusé.",
      violations: [],
    });
    expect(asRefusal(gatewayError())).toEqual({ detail: null, violations: [] });
    expect(asRefusal(new TypeError("Failed to fetch"))).toEqual({ detail: null, violations: [] });
    const refusal = { detail: "Nein.", violations: [] };
    expect(asRefusal(refusal)).toBe(refusal);
  });

  it("turns any failure of a call into a thrown refusal, logging only the unexpected", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(call(async () => 7)).resolves.toBe(7);
    await expect(
      call(async () => successOf({ __typename: "ConflictError", message: "Schon da." }, "Ok")),
    ).rejects.toEqual({ detail: "Schon da.", violations: [] });
    expect(log).not.toHaveBeenCalled();
    await expect(
      call(async () => {
        throw gatewayError("Service nicht verfügbar.");
      }),
    ).rejects.toEqual({ detail: "Service nicht verfügbar.", violations: [] });
    expect(log).toHaveBeenCalledTimes(1);
  });
});
