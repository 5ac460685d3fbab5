import type { StaffPrincipal } from "../../auth.js";
import { type BodyReader, queryString } from "../../validate.js";
import { numericId } from "../../../core/iri.js";
import { Problem } from "../../../core/problem.js";

/** What the back office's registrars share: the paths, IRIs and the query and body checks. */

export const ADMIN = "/api/v2/admin";
export const SHOP = "/api/v2/shop";

/** IRIs of the back office's resources. */
export const adminIri = {
  application: (id: number) => `${ADMIN}/partner-applications/${id}`,
  company: (id: number) => `${ADMIN}/companies/${id}`,
  auditEvent: (id: number) => `${ADMIN}/audit-events/${id}`,
};

export const actorOf = (staff: StaffPrincipal) => ({ type: "staff" as const, id: staff.staffId });

export const badQuery = (name: string, type: string) =>
  new Problem(400, "/problems/bad-request", "field.type", { type }, [
    { propertyPath: name, message: "field.type", params: { type } },
  ]);

/** `?company=` as an id or a company IRI; anything else is a bad request. */
export function companyFilter(q: Record<string, unknown>): number | undefined {
  const raw = queryString(q, "company", 100);
  if (raw === undefined) return undefined;
  const value = raw.startsWith(`${ADMIN}/companies/`)
    ? raw.slice(`${ADMIN}/companies/`.length)
    : raw;
  const id = numericId(value);
  if (id === undefined) throw badQuery("company", "integer");
  return id;
}

/**
 * An optional whole number within bounds; a wrong type or range is a violation. Strings of
 * digits are refused too: amounts are JSON numbers in minor units.
 */
export function integerField(
  r: BodyReader,
  key: string,
  min: number,
  max: number,
): number | undefined {
  const value = r.raw(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    r.add({ propertyPath: key, message: "field.type", params: { type: "integer" } });
    return undefined;
  }
  if (value < min || value > max) {
    r.add({ propertyPath: key, message: "backoffice.range", params: { min, max } });
    return undefined;
  }
  return value;
}
