/**
 * The REST API names resources by IRI. The gateway builds the IRIs it must send and reads ids
 * and codes out of the ones it receives, so the UI only ever deals with codes, ids and tokens.
 */
import { paths } from "./paths.js";

const seg = encodeURIComponent;

export const iri = {
  variant: (code: string) => `${paths.variants}/${seg(code)}`,
  address: (id: string) => paths.address(id),
  paymentMethod: (code: string) => `${paths.paymentMethods}/${seg(code)}`,
  shippingMethod: (code: string) => `${paths.shippingMethods}/${seg(code)}`,
};

/** The last path segment of an IRI (its id or code); null for null. */
export function idOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  // Called for every IRI of every answer: slices instead of split/replace/pop.
  let end = value.indexOf("?");
  if (end < 0) end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 47 /* "/" */) end--;
  const last = value.slice(value.lastIndexOf("/", end - 1) + 1, end);
  if (!last.includes("%")) return last;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Like idOf, for values the REST API always sends. */
export function requiredIdOf(value: string): string {
  return idOf(value) ?? "";
}
