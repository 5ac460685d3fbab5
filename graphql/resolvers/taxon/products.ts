import { listProducts } from "../../catalog.js";
import type { TaxonResolvers } from "../../generated/resolvers-types.js";

export const products: NonNullable<TaxonResolvers["products"]> = (parent, args, ctx) =>
  listProducts(ctx, { taxonCode: parent.code, page: args.page, perPage: args.perPage });
