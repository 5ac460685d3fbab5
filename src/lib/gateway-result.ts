import { gatewayErrorDetail } from "./graphql-client";

/** A field the server named in a refusal, with its message in the person's language. */
export interface Violation {
  propertyPath: string;
  message: string;
  code?: string;
}

/**
 * A failed gateway call as every machine reads it (`event.error` of a failed actor): the
 * server's words in the person's language, or null when it sent none (a network failure, an
 * unexpected error: the machine shows its own text), and the fields it named.
 */
export interface Refusal {
  detail: string | null;
  violations: Violation[];
}

/** The error member of a mutation's result union, as the gateway answers it. */
export type ResultUnion = { __typename: string } & Partial<{
  message: string | null;
  violations: readonly Violation[] | null;
}>;

/** The refusal an error member of a result union carries. */
export function refusalOf(result: ResultUnion): Refusal {
  return { detail: result.message || null, violations: [...(result.violations ?? [])] };
}

/**
 * The member of a result union the caller wanted (`typename`), or the refusal of the error
 * member thrown.
 */
export function successOf<T extends ResultUnion, N extends T["__typename"]>(
  result: T,
  typename: N,
): Extract<T, { __typename: N }> {
  if (result.__typename === typename) return result as Extract<T, { __typename: N }>;
  throw refusalOf(result);
}

/** Whether `error` is already a Refusal (thrown by successOf or a service). */
export function isRefusal(error: unknown): error is Refusal {
  return (
    typeof error === "object" &&
    error !== null &&
    "detail" in error &&
    "violations" in error &&
    Array.isArray((error as Refusal).violations)
  );
}

/**
 * Any failure as a Refusal: a Refusal as it is; a gateway error (FORBIDDEN, a 5xx, a
 * network failure) with the server's detail when it sent one (`extensions.detail`).
 */
export function asRefusal(error: unknown): Refusal {
  if (isRefusal(error)) return error;
  return { detail: gatewayErrorDetail(error), violations: [] };
}

/**
 * Runs gateway calls, turning any failure into a thrown Refusal. Failures that are not a
 * refusal of the server (network, unexpected errors) are logged to the console.
 */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isRefusal(error)) console.error(error);
    throw asRefusal(error);
  }
}
