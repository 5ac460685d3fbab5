import { listProducts } from "../../catalog.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";

export const products: NonNullable<QueryResolvers["products"]> = (_parent, args, ctx) =>
  listProducts(ctx, args);
