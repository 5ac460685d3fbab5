import { describe, expect, it } from "vitest";
import { RestClient, type RestFetch } from "../../graphql/rest/client.js";
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

describe("RestClient with an EtagCache", () => {
  /** A REST API answering from `answers` by If-None-Match; records what it was sent. */
  function fakeApi(answers: { etag: string; body: unknown }[]) {
    const sent: (string | undefined)[] = [];
    let next = 0;
    const fetch: RestFetch = async (_url, init) => {
      const ifNoneMatch = init.headers["if-none-match"];
      sent.push(ifNoneMatch);
      const answer = answers[Math.min(next++, answers.length - 1)]!;
      const notModified = ifNoneMatch?.split(", ").includes(answer.etag) ?? false;
      return {
        ok: !notModified,
        status: notModified ? 304 : 200,
        statusText: notModified ? "Not Modified" : "OK",
        headers: { get: (name) => (name === "etag" ? answer.etag : null) },
        text: async () => (notModified ? "" : JSON.stringify(answer.body)),
      };
    };
    return { fetch, sent };
  }

  it("takes the held answer on a 304 and the new one on a 200", async () => {
    const api = fakeApi([
      { etag: '"a"', body: { price: 1 } },
      { etag: '"a"', body: { price: 1 } },
      { etag: '"b"', body: { price: 2 } },
    ]);
    const cache = new EtagCache();
    const client = new RestClient({ baseUrl: "http://api", fetch: api.fetch, forward: {}, cache });
    expect(await client.get("/p")).toEqual({ price: 1 });
    expect(await client.get("/p")).toEqual({ price: 1 });
    expect(await client.get("/p")).toEqual({ price: 2 });
    expect(api.sent).toEqual([undefined, '"a"', '"a"']);
  });

  it("asks again without If-None-Match when the ETag of a 304 is no longer held", async () => {
    const api = fakeApi([{ etag: '"a"', body: { price: 1 } }]);
    const cache = new EtagCache();
    const client = new RestClient({ baseUrl: "http://api", fetch: api.fetch, forward: {}, cache });
    expect(await client.get("/p")).toEqual({ price: 1 });
    // Another request's answers pushed it out between the question and the 304.
    const get = cache.get.bind(cache);
    cache.get = () => undefined;
    expect(await client.get("/p")).toEqual({ price: 1 });
    cache.get = get;
    expect(api.sent).toEqual([undefined, '"a"', undefined]);
  });
});
