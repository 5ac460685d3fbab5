import { GraphQLError } from "./graphql-js.js";
import type { ErrorCode, ErrorResultModel } from "./generated/resolvers-types.js";
import { RestError, type RestProblem } from "./rest/client.js";

/** The error types of the schema (every member of ErrorResult). */
export type ErrorTypename = ErrorResultModel["__typename"];

const codes: Record<ErrorTypename, ErrorCode> = {
  InvalidCredentialsError: "INVALID_CREDENTIALS_ERROR",
  ValidationError: "VALIDATION_ERROR",
  QuantityError: "QUANTITY_ERROR",
  OutOfStockError: "OUT_OF_STOCK_ERROR",
  InsufficientStockError: "INSUFFICIENT_STOCK_ERROR",
  NotFoundError: "NOT_FOUND_ERROR",
  OrderStateError: "ORDER_STATE_ERROR",
  CouponError: "COUPON_ERROR",
  MinimalOrderValueError: "MINIMAL_ORDER_VALUE_ERROR",
  MissingAddressError: "MISSING_ADDRESS_ERROR",
  MissingPaymentMethodError: "MISSING_PAYMENT_METHOD_ERROR",
  EmptyCartError: "EMPTY_CART_ERROR",
  IdempotencyKeyReusedError: "IDEMPOTENCY_KEY_REUSED_ERROR",
  ForbiddenError: "FORBIDDEN_ERROR",
};

/** Problem types whose meaning does not depend on the violations. */
const byType: Record<string, ErrorTypename> = {
  "/problems/out-of-stock": "OutOfStockError",
  "/problems/insufficient-stock": "InsufficientStockError",
  "/problems/coupon": "CouponError",
  "/problems/conflict": "OrderStateError",
  "/problems/idempotency-key-reused": "IdempotencyKeyReusedError",
  "/problems/forbidden": "ForbiddenError",
  "/problems/not-found": "NotFoundError",
};

/**
 * `/problems/validation` and `/problems/checkout` carry several rules; the first violation's
 * code (the REST API's message key) says which one failed. See server/http/routes/cart-lines.ts,
 * cart-details.ts and order-completion.ts, and server/domain (quantity, promotions, checkout).
 */
function byViolationCode(code: string): ErrorTypename | undefined {
  if (code.startsWith("quantity.")) return "QuantityError";
  if (code.startsWith("coupon.")) return "CouponError";
  switch (code) {
    case "variant.outOfStock":
      return "OutOfStockError";
    case "variant.insufficientStock":
      return "InsufficientStockError";
    case "variant.notFound":
      return "NotFoundError";
    case "checkout.minimalOrderValue":
      return "MinimalOrderValueError";
    case "checkout.shippingAddressRequired":
    case "checkout.billingAddressRequired":
      return "MissingAddressError";
    case "checkout.paymentMethodRequired":
      return "MissingPaymentMethodError";
    case "checkout.emptyCart":
      return "EmptyCartError";
  }
  return undefined;
}

/** Which error type of the schema a REST problem is, when it is an expected one. */
export function errorTypeOf(problem: RestProblem): ErrorTypename | undefined {
  const fixed = byType[problem.type];
  if (fixed) return fixed;
  if (problem.status === 422 || problem.type === "/problems/checkout") {
    const first = problem.violations[0];
    return (first && byViolationCode(first.code)) ?? "ValidationError";
  }
  return undefined;
}

/** The GraphQL value of an expected failure. */
export function errorResult<T extends ErrorTypename>(typename: T, problem: RestProblem) {
  return {
    __typename: typename,
    errorCode: codes[typename],
    message: problem.detail,
    violations: problem.violations,
  };
}

/** The `extensions.code` of a GraphQL error (the schema's GatewayErrorCode). */
export type GatewayErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "BAD_USER_INPUT"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

function codeOf(status: number): GatewayErrorCode {
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  // A rate limit and a dependency that is down are the client's to wait out, not bad input
  // or a fault: their own codes, with the seconds to wait when the API named them.
  if (status === 429) return "TOO_MANY_REQUESTS";
  if (status === 503) return "SERVICE_UNAVAILABLE";
  if (status >= 400 && status < 500) return "BAD_USER_INPUT";
  return "INTERNAL";
}

/** An unexpected REST failure as a GraphQL error (the REST detail is its message). */
function graphQLErrorFrom(problem: RestProblem): GraphQLError {
  return new GraphQLError(problem.detail || problem.title, {
    extensions: {
      code: codeOf(problem.status),
      status: problem.status,
      type: problem.type,
      detail: problem.detail,
      violations: problem.violations,
      ...(problem.retryAfter ? { retryAfter: problem.retryAfter } : {}),
    },
  });
}

/** A GraphQL error for input the gateway refuses before calling the REST API. */
export function badUserInput(message: string, propertyPath: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      code: "BAD_USER_INPUT",
      status: 400,
      detail: message,
      violations: [{ propertyPath, message, code: "field.type" }],
    },
  });
}

/** Rethrows REST failures as GraphQL errors; other errors (network, unsupported) as they are. */
export function rethrow(error: unknown): never {
  if (error instanceof RestError) throw graphQLErrorFrom(error.problem);
  throw error;
}

/**
 * Runs a mutation's REST calls and answers either its success value or, when the REST API
 * refused with a problem that is one of `expected`, that error type. Anything else is thrown
 * as a GraphQL error.
 */
export async function withErrors<TSuccess, T extends ErrorTypename>(
  expected: readonly T[],
  run: () => Promise<TSuccess>,
): Promise<TSuccess | ReturnType<typeof errorResult<T>>> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    const typename = errorTypeOf(error.problem);
    if (typename !== undefined && (expected as readonly string[]).includes(typename))
      return errorResult(typename as T, error.problem);
    throw graphQLErrorFrom(error.problem);
  }
}
