import { describe, expect, it } from "vitest";
import { EtagCache, isStrongEtag } from "../../graphql/rest/etag-cache.js";

/** The gateway's parsed REST answers by ETag (decision 047). */
describe("EtagCache", () => {
  it("names the ETags it holds for a URL and hands out only the answer held under the one named", () => {
    const cache = new EtagCache(1000, 3);
    expect(cache.ifNoneMatch("/a")).toBeUndefined();
    cache.store("/a", '"1"', { price: 1 }, 10);
    cache.store("/a", '"2"', { price: 2 }, 10);
    expect(cache.ifNoneMatch("/a")).toBe('"1", "2"');
    expect(cache.get("/a", '"2"')).toEqual({ value: { price: 2 } });
    expect(cache.get("/a", '"3"')).toBeUndefined();
    expect(cache.get("/b", '"1"')).toBeUndefined();
  });

  it("freezes what it keeps, so no request changes what another reads", () => {
    const cache = new EtagCache();
    const value = { items: [{ code: "A", prices: [1] }] };
    cache.store("/a", '"1"', value, 10);
    const held = cache.get("/a", '"1"')!.value as typeof value;
    expect(() => {
      held.items[0]!.prices.push(2);
    }).toThrow(TypeError);
    expect(Object.isFrozen(held.items[0])).toBe(true);
  });

  it("keeps at most so many answers per URL and so many characters, dropping the least recently used", () => {
    const cache = new EtagCache(30, 2);
    cache.store("/a", '"1"', 1, 10);
    cache.store("/a", '"2"', 2, 10);
    cache.store("/a", '"3"', 3, 10);
    expect(cache.ifNoneMatch("/a")).toBe('"2", "3"');
    expect(cache.size).toBe(20);
    cache.store("/b", '"4"', 4, 10);
    expect(cache.get("/a", '"2"')).toBeDefined();
    // Over 30 characters: "/b" was used least recently.
    cache.store("/c", '"5"', 5, 10);
    expect(cache.ifNoneMatch("/b")).toBeUndefined();
    expect(cache.size).toBe(30);
    // An answer larger than the whole cache is not kept.
    cache.store("/d", '"6"', 6, 31);
    expect(cache.ifNoneMatch("/d")).toBeUndefined();
  });

  it("takes strong ETags only", () => {
    expect(isStrongEtag('"abc"')).toBe(true);
    expect(isStrongEtag('W/"abc"')).toBe(false);
    expect(isStrongEtag(null)).toBe(false);
  });
});
