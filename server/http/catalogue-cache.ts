import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { catalogueVersion } from "../db/sessions.js";

/** An answer held in memory: its JSON, its ETag and the catalogue version it was read at. */
interface Entry {
  version: number;
  body: string;
  etag: string;
  /** What it costs in memory: its JSON's bytes (UTF-16 in V8, two per code unit) and key. */
  bytes: number;
}

/** How many bytes of answers one process holds at most by default; the oldest stored go first. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** The memory an answer takes: its text and key, two bytes per UTF-16 code unit, and the tag. */
function costOf(key: string, body: string): number {
  return 2 * (key.length + body.length) + 128;
}

/**
 * Catalogue answers in memory (decision 046). An answer depends only on the price list, the
 * currency, the language and the address; the database's catalogue version, raised by
 * triggers in the transaction of every write that changes an answer, says whether an answer
 * held here is still the database's. Each request learns the committed version before it
 * reads: signed in, from its session statement (no statement of its own); a visitor, from a
 * one-row read. So a change is visible on the next request on every process, whichever
 * process or tool made it.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  /** The highest version any request of this process has seen. */
  private latest = 0;
  private held = 0;

  /**
   * Bounded in bytes, not entries (issue 32, finding F): 5,000 answers of 84 KB were 400 MB.
   * An answer larger than the whole bound is served but not kept.
   */
  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the answers held (see costOf). */
  get bytes(): number {
    return this.held;
  }

  /**
   * The version a request saw: a newer one than any seen before empties the cache (every
   * answer held is older, and none would be served again).
   */
  saw(version: number): void {
    if (version > this.latest) {
      this.latest = version;
      this.entries.clear();
      this.held = 0;
    }
  }

  /** The answer for `key` if it was read at `version` or later. */
  get(key: string, version: number): Entry | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.version >= version ? entry : undefined;
  }

  /**
   * Keeps an answer read after the request saw `version`. The generation check: an answer of
   * a request that saw an older version than the newest seen meanwhile is not kept (it may
   * have been read before that write), nor one older than the answer held.
   */
  store(key: string, version: number, body: string): Entry {
    const entry = { version, body, etag: etagOf(body), bytes: costOf(key, body) };
    if (version < this.latest || entry.bytes > this.maxBytes) return entry;
    const held = this.entries.get(key);
    if (held !== undefined && held.version > version) return entry;
    if (held !== undefined) {
      this.entries.delete(key);
      this.held -= held.bytes;
    }
    // The oldest stored go first until the new answer fits.
    for (const [oldKey, old] of this.entries) {
      if (this.held + entry.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.held -= old.bytes;
    }
    this.entries.set(key, entry);
    this.held += entry.bytes;
    return entry;
  }
}

function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * Answers a catalogue GET from `cache`, or reads it with `read` and keeps it: the JSON with
 * an ETag of its content, and 304 when the browser sent that ETag (If-None-Match). Errors
 * (404) are not kept. `language` is the one `catalogueLanguage` chose for the request;
 * `what` names the answer by what the route read of the request (its path parameters and the
 * query parameters it knows, normalised), so unknown or reordered query parameters do not make
 * new entries (issue 32, finding F).
 */
export async function answerFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: CatalogueCache,
  db: Kysely<DB>,
  language: string,
  what: string,
  read: () => Promise<unknown>,
): Promise<string | FastifyReply> {
  const principal = request.principal;
  const version = principal?.catalogueVersion ?? (await catalogueVersion(db));
  cache.saw(version);
  const key = `${principal?.priceListCode ?? ""} ${principal?.currencyCode ?? ""} ${language} ${what}`;
  const entry = cache.get(key, version) ?? cache.store(key, version, JSON.stringify(await read()));
  reply
    .header("etag", entry.etag)
    .header("cache-control", "private, no-cache")
    .header("content-type", "application/json; charset=utf-8");
  if (matches(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
  return entry.body;
}

/**
 * Whether an If-None-Match value names `etag`: a list of entity tags (the gateway sends every
 * one it holds for a URL, decision 047) or `*`. Weak comparison, as RFC 9110 asks for
 * If-None-Match; this cache only makes strong tags.
 */
export function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}
