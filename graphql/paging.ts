import { badUserInput } from "./errors.js";

/** Largest page the gateway asks the REST API for on behalf of a client. */
export const MAX_PER_PAGE = 100;

/** Checks page and perPage arguments (null means the default). */
export function pageArgs(
  page: number | null | undefined,
  perPage: number | null | undefined,
  defaultPerPage: number,
) {
  const p = page ?? 1;
  const n = perPage ?? defaultPerPage;
  if (p < 1 || p > 1_000_000) throw badUserInput("page must be between 1 and 1000000.", "page");
  if (n < 1 || n > MAX_PER_PAGE)
    throw badUserInput(`perPage must be between 1 and ${MAX_PER_PAGE}.`, "perPage");
  return { page: p, perPage: n };
}
