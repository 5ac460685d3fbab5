import type { RestProduct, RestTaxon, Collection } from "./rest/types.js";
import { BatchLoader } from "./rest/batch-loader.js";
import { forwardedHeaders, RestClient, type RestFetch } from "./rest/client.js";
import type { EtagCache } from "./rest/etag-cache.js";
import { paths } from "./rest/paths.js";

/** What every resolver gets: the REST client of this request and its batching caches. */
export interface GatewayContext {
  rest: RestClient;
  /** Products by code: one `GET /products?code[]=...` for all codes asked in one round. */
  products: BatchLoader<string, RestProduct | null>;
  /** Taxons by code: one taxon is one GET; several are one listing of every taxon. */
  taxons: BatchLoader<string, RestTaxon | null>;
}

/** Taxon listings are small (a few dozen); the storefront asks for all of them at once. */
export const ALL = 9999;

/** The REST client of each GraphQL request, for the answer's cookies (see useSetCookies). */
const clients = new WeakMap<Request, RestClient>();

/** The cookies the REST API set while `request` was answered, to pass on to the browser. */
export function setCookiesOf(request: Request): string[] {
  return clients.get(request)?.setCookies ?? [];
}

/** Builds the context of one GraphQL request. */
export function createContext(
  request: Request,
  opts: { commerceApiUrl: string; fetch: RestFetch; cache?: EtagCache },
): GatewayContext {
  const rest = new RestClient({
    baseUrl: opts.commerceApiUrl,
    fetch: opts.fetch,
    cache: opts.cache,
    forward: forwardedHeaders(request.headers),
  });
  clients.set(request, rest);
  const products = new BatchLoader<string, RestProduct | null>(async (codes) => {
    const page = await rest.get<Collection<RestProduct>>(paths.products, {
      "code[]": codes,
      itemsPerPage: codes.length,
    });
    return new Map(page["hydra:member"].map((p) => [p.code, p]));
  }, null);
  const taxons: BatchLoader<string, RestTaxon | null> = new BatchLoader(async (codes) => {
    if (codes.length === 1) {
      const taxon = await rest.find<RestTaxon>(paths.taxon(codes[0]!));
      return new Map(taxon ? [[taxon.code, taxon]] : []);
    }
    const all = await rest.get<Collection<RestTaxon>>(paths.taxons, { itemsPerPage: ALL });
    return new Map(all["hydra:member"].map((t) => [t.code, t]));
  }, null);
  return { rest, products, taxons };
}
