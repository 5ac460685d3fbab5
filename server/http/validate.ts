import type { Kysely } from "kysely";
import { enabledCountry, provincesOf } from "../db/reference-data.js";
import type { AddressSnapshot, DB } from "../db/schema.js";
import { ADDRESS_MAX } from "../../rules/address-book.js";
import { phoneValid, postcodeProblem } from "../../rules/address.js";
import type { Violation } from "../../rules/violations.js";
import { Problem, unprocessable } from "../core/problem.js";
import { readLine, trimAll } from "../../rules/text.js";
import { isEmailAddress } from "../../rules/email.js";

/**
 * Reads a JSON body field by field, collecting every violation before answering, so the
 * person sees all that is wrong at once. Unknown fields are refused rather than ignored: a
 * misspelt field must not silently do nothing.
 */
export class BodyReader {
  readonly violations: Violation[] = [];
  private readonly body: Record<string, unknown>;

  constructor(raw: unknown, allowed: readonly string[], prefix = "") {
    if (raw === undefined || raw === null) raw = {};
    if (typeof raw !== "object" || Array.isArray(raw)) {
      throw unprocessable([
        { propertyPath: prefix, message: "field.type", params: { type: "object" } },
      ]);
    }
    this.body = raw as Record<string, unknown>;
    this.prefix = prefix;
    for (const key of Object.keys(this.body)) {
      if (!allowed.includes(key))
        this.violations.push({ propertyPath: this.path(key), message: "field.unknown" });
    }
  }
  private readonly prefix: string;

  path(key: string) {
    return this.prefix ? `${this.prefix}.${key}` : key;
  }
  has(key: string) {
    return Object.hasOwn(this.body, key);
  }
  raw(key: string): unknown {
    return this.body[key];
  }

  /** A trimmed string; null or "" read as absent. */
  string(
    key: string,
    o: { required?: boolean; min?: number; max?: number; email?: boolean } = {},
  ): string | undefined {
    const value = this.body[key];
    if (
      value === undefined ||
      value === null ||
      (typeof value === "string" && trimAll(value) === "")
    ) {
      if (o.required)
        this.violations.push({ propertyPath: this.path(key), message: "field.required" });
      return undefined;
    }
    if (typeof value !== "string") {
      this.violations.push({
        propertyPath: this.path(key),
        message: "field.type",
        params: { type: "string" },
      });
      return undefined;
    }
    // Trimmed of every kind of white space; only printable characters (issue 32, finding H).
    const { text, printable } = readLine(value);
    const max = o.max ?? 255;
    if (!printable) {
      this.violations.push({ propertyPath: this.path(key), message: "field.unprintable" });
    } else if (text.length > max) {
      this.violations.push({
        propertyPath: this.path(key),
        message: "field.tooLong",
        params: { max },
      });
    } else if (o.min && text.length < o.min) {
      this.violations.push({
        propertyPath: this.path(key),
        message: "field.tooShort",
        params: { min: o.min },
      });
    } else if (o.email && !isEmailAddress(text)) {
      this.violations.push({ propertyPath: this.path(key), message: "field.email" });
    }
    return text;
  }

  add(v: Violation | null) {
    if (v) this.violations.push(v);
  }

  /** Throws the 422 when anything was wrong. */
  done() {
    if (this.violations.length > 0) throw unprocessable(this.violations);
  }
}

export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "street",
  "city",
  "postcode",
  "countryCode",
  "provinceCode",
  "provinceName",
  "phoneNumber",
  "email",
] as const;

/**
 * An address as sent by the storefront, checked by the address form's rules (account spec 5):
 * names, company, street and city at least 2 characters; country and postcode required; a
 * province, from that country, exactly when the country has provinces.
 */
export async function readAddress(
  db: Kysely<DB>,
  raw: unknown,
  prefix: string,
  extraAllowed: readonly string[] = [],
): Promise<{ address: AddressSnapshot | undefined; violations: Violation[] }> {
  const r = new BodyReader(raw, [...ADDRESS_FIELDS, ...extraAllowed, "id", "@id", "@type"], prefix);
  const M = ADDRESS_MAX;
  const firstName = r.string("firstName", { required: true, min: 2, max: M.firstName });
  const lastName = r.string("lastName", { required: true, min: 2, max: M.lastName });
  const company = r.string("company", { required: true, min: 2, max: M.company });
  const street = r.string("street", { required: true, min: 2, max: M.street });
  const city = r.string("city", { required: true, min: 2, max: M.city });
  const postcode = r.string("postcode", { required: true, max: M.postcode });
  const countryCode = r.string("countryCode", { required: true, max: 2 })?.toUpperCase();
  const provinceCode = r.string("provinceCode", { max: M.provinceCode });
  const phoneNumber = r.string("phoneNumber", { max: M.phoneNumber });
  const email = r.string("email", { email: true, max: M.email });
  let provinceName: string | null = null;
  // The postcode fits the country, the phone number has no letters (issue 30, rules/address.ts).
  const postcodeWrong = postcode && countryCode ? postcodeProblem(countryCode, postcode) : null;
  if (postcodeWrong) r.add({ propertyPath: r.path("postcode"), ...postcodeWrong });
  if (phoneNumber && !phoneValid(phoneNumber))
    r.add({ propertyPath: r.path("phoneNumber"), message: "address.phoneInvalid" });
  if (countryCode) {
    const country = await enabledCountry(db, countryCode);
    if (!country) {
      r.add({ propertyPath: r.path("countryCode"), message: "address.countryUnknown" });
    } else {
      const provinces = await provincesOf(db, countryCode);
      if (provinces.length > 0 && !provinceCode) {
        r.add({ propertyPath: r.path("provinceCode"), message: "address.provinceRequired" });
      } else if (provinceCode) {
        const province = provinces.find((p) => p.code === provinceCode);
        if (!province)
          r.add({ propertyPath: r.path("provinceCode"), message: "address.provinceUnknown" });
        else provinceName = province.name;
      }
    }
  }
  if (r.violations.length > 0) return { address: undefined, violations: r.violations };
  return {
    address: {
      firstName: firstName!,
      lastName: lastName!,
      company: company ?? null,
      street: street!,
      city: city!,
      postcode: postcode!,
      countryCode: countryCode!,
      provinceCode: provinceCode ?? null,
      provinceName,
      phoneNumber: phoneNumber ?? null,
      email: email ?? null,
    },
    violations: [],
  };
}

/** Paging of collections: `page` from 1, `itemsPerPage` up to 9999 (the storefront asks for that). */
export function paging(query: Record<string, unknown>, defaultSize = 30) {
  const page = positiveInt(query.page, 1, "page");
  const itemsPerPage = positiveInt(query.itemsPerPage, defaultSize, "itemsPerPage");
  if (itemsPerPage > 9999) throw badQuery("itemsPerPage");
  if (page > 1_000_000) throw badQuery("page");
  return { page, itemsPerPage };
}

function positiveInt(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1) throw badQuery(name);
  return n;
}

function badQuery(name: string) {
  return new Problem(400, "/problems/bad-request", "field.type", { type: "integer" }, [
    { propertyPath: name, message: "field.type", params: { type: "integer" } },
  ]);
}

/** A query parameter that must be a single string, or absent. */
export function queryString(query: Record<string, unknown>, name: string, max = 255) {
  const v = query[name];
  if (v === undefined) return undefined;
  // A NUL byte is no text PostgreSQL can compare with: refused here, not a 500 at the query.
  if (typeof v !== "string" || v.length > max || v.includes("\0")) {
    throw new Problem(400, "/problems/bad-request", "field.type", { type: "string" }, [
      { propertyPath: name, message: "field.type", params: { type: "string" } },
    ]);
  }
  return v;
}

/**
 * The path of the first string (value or key) in a parsed JSON body holding a NUL character,
 * e.g. `notes` or `items[2].name`; undefined when there is none. PostgreSQL text cannot store
 * one, so such a body is refused as a whole before any route sees it.
 */
export function nulPath(body: unknown): string | undefined {
  const stack: [unknown, string][] = [[body, ""]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\0")) return path || "body";
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}[${i}]`]);
    } else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const at = path ? `${path}.${key}` : key;
        if (key.includes("\0")) return path || "body";
        stack.push([inner, at]);
      }
    }
  }
  return undefined;
}
