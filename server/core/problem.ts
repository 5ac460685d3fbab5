import type { Violation } from "../../rules/violations.js";

/**
 * An expected failure, answered as `application/problem+json` (RFC 9457). `type` is a stable
 * relative URI (`/problems/out-of-stock`) the gateway maps to typed GraphQL errors; `detail`
 * and violation messages are locale keys translated for the caller.
 */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly detailKey: string,
    readonly params: Record<string, string | number> = {},
    readonly violations: Violation[] = [],
  ) {
    super(detailKey);
  }
}

export const unauthorized = (key = "error.unauthorized") =>
  new Problem(401, "/problems/unauthorized", key);
export const forbidden = () => new Problem(403, "/problems/forbidden", "error.forbidden");
export const notFound = () => new Problem(404, "/problems/not-found", "error.notFound");
export const conflict = (key: string) => new Problem(409, "/problems/conflict", key);

/**
 * 422 with violations. The detail is the first violation's message, so a client that shows
 * only `detail` (the storefront's toasts do) still says what is wrong.
 */
export function unprocessable(violations: Violation[], type = "/problems/validation"): Problem {
  const first = violations[0];
  return new Problem(
    422,
    type,
    first?.message ?? "error.validation",
    first?.params ?? {},
    violations,
  );
}
