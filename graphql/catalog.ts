import type { GatewayContext } from "./context.js";
import { rethrow } from "./errors.js";
import type { ProductListModel } from "./generated/resolvers-types.js";
import { toProduct } from "./mappers.js";
import { pageArgs } from "./paging.js";
import type { Collection, RestProduct } from "./rest/types.js";
import { paths } from "./rest/paths.js";

/** One page of products, by taxon and/or a search on code or name (blank searches nothing). */
export async function listProducts(
  ctx: GatewayContext,
  args: {
    taxonCode?: string | null;
    search?: string | null;
    page?: number | null;
    perPage?: number | null;
  },
): Promise<ProductListModel> {
  const { page, perPage } = pageArgs(args.page, args.perPage, 24);
  const search = args.search?.trim();
  const list = await ctx.rest
    .get<Collection<RestProduct>>(paths.products, {
      "productTaxons.taxon.code": args.taxonCode ?? undefined,
      codeOrName: search ? search : undefined,
      page,
      itemsPerPage: perPage,
    })
    .catch(rethrow);
  const items = list["hydra:member"];
  // A later lookup of one of these products (e.g. as a related product) needs no call.
  for (const p of items) ctx.products.prime(p.code, p);
  return { items: items.map(toProduct), totalItems: list["hydra:totalItems"] };
}
