import { GatewayError } from "../../../lib/graphql-client";

/** What the machines read of a failed call: the server's words and its violations. */
export interface Failure {
  message: string | null;
  violations: { propertyPath: string; message: string; code?: string }[];
}

type Result = { __typename: string } & Partial<{
  message: string;
  violations: Failure["violations"];
}>;

/**
 * The success member of a result union, or a thrown Failure carrying the error member's
 * message and violations (already in the person's language).
 */
export function successOf<T extends Result, N extends T["__typename"]>(
  result: T,
  typename: N,
): Extract<T, { __typename: N }> {
  if (result.__typename === typename) return result as Extract<T, { __typename: N }>;
  throw {
    message: result.message ?? null,
    violations: result.violations ?? [],
  } satisfies Failure;
}

/** A gateway error (FORBIDDEN, a network failure...) as a Failure with the server's detail. */
export function asFailure(error: unknown): Failure {
  if (error instanceof GatewayError) {
    const first = error.response.errors?.[0];
    return { message: first?.message ?? null, violations: [] };
  }
  if (typeof error === "object" && error !== null && "violations" in error) return error as Failure;
  return { message: null, violations: [] };
}

/** Runs a gateway call, turning any failure into a thrown Failure. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asFailure(error);
  }
}
