/** One parsed answer and the length of the JSON it was parsed from. */
interface Held {
  value: unknown;
  size: number;
}

/** At most this many characters of JSON held (the parsed objects take a few times as much). */
export const MAX_CHARS = 8_000_000;
/** Answers held per URL: one per price list and language that asked for it lately. */
export const MAX_PER_URL = 6;

/**
 * Parsed REST answers that came with an ETag, shared by every GraphQL request of one gateway
 * (decision 047). Nothing is served from here without asking the REST API: a GET sends the
 * ETags held for its URL in `If-None-Match`, and only a 304 naming one of them (the REST API
 * has checked the caller's access, language and price list, and its catalogue version, as for
 * any call) takes the answer held under that ETag. An ETag is a hash of the answer's JSON, so
 * the same ETag is the same JSON, whoever asked. The values are frozen: no request can change
 * what another one reads.
 */
export class EtagCache {
  /** URL → ETag → answer; the URL used last is the last key (evicted last). */
  private readonly urls = new Map<string, Map<string, Held>>();
  private chars = 0;

  constructor(
    private readonly maxChars = MAX_CHARS,
    private readonly maxPerUrl = MAX_PER_URL,
  ) {}

  /** The ETags held for `url`, as an If-None-Match value; undefined when none. */
  ifNoneMatch(url: string): string | undefined {
    const held = this.urls.get(url);
    return held && held.size > 0 ? [...held.keys()].join(", ") : undefined;
  }

  /** The answer held under `etag` for `url` (the REST API just answered 304 with it). */
  get(url: string, etag: string): { value: unknown } | undefined {
    const held = this.urls.get(url);
    const entry = held?.get(etag);
    if (held === undefined || entry === undefined) return undefined;
    this.urls.delete(url);
    this.urls.set(url, held);
    held.delete(etag);
    held.set(etag, entry);
    return { value: entry.value };
  }

  /** Keeps `value`, parsed from `size` characters of JSON, under `url` and `etag`; frozen. */
  store(url: string, etag: string, value: unknown, size: number): unknown {
    if (size > this.maxChars) return value;
    deepFreeze(value);
    let held = this.urls.get(url);
    if (held === undefined) held = new Map();
    else this.urls.delete(url);
    this.urls.set(url, held);
    const previous = held.get(etag);
    if (previous !== undefined) {
      this.chars -= previous.size;
      held.delete(etag);
    }
    held.set(etag, { value, size });
    this.chars += size;
    if (held.size > this.maxPerUrl) this.drop(url, held, held.keys().next().value!);
    for (const [oldUrl, oldHeld] of this.urls) {
      if (this.chars <= this.maxChars) break;
      for (const oldEtag of [...oldHeld.keys()]) {
        if (this.chars <= this.maxChars) break;
        this.drop(oldUrl, oldHeld, oldEtag);
      }
    }
    return value;
  }

  /** Characters of JSON held (for tests and figures). */
  get size(): number {
    return this.chars;
  }

  private drop(url: string, held: Map<string, Held>, etag: string) {
    this.chars -= held.get(etag)?.size ?? 0;
    held.delete(etag);
    if (held.size === 0) this.urls.delete(url);
  }
}

/** A strong ETag (`"..."`): only those say the bytes are the same. */
export function isStrongEtag(etag: string | null): etag is string {
  return etag !== null && /^"[^"]*"$/.test(etag);
}

function deepFreeze(value: unknown) {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
