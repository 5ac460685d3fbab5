import type {
  ContractPriceModel,
  ProductVariantModel,
  ShoppingListModel,
} from "./generated/resolvers-types.js";
import { toImage, toVolumePrices } from "./mappers.js";
import type { RestContractPrice, RestShoppingList, RestVariant } from "./rest/account-types.js";
import { idOf, requiredIdOf } from "./rest/iri.js";

// The account area's REST answers (account spec 2 and 3) in the GraphQL shape. Kept apart
// from mappers.ts so parallel work on the shared file cannot drop them.

export function toProductVariant(v: RestVariant): ProductVariantModel {
  return {
    code: v.code,
    name: v.name ?? v.code,
    price: v.price,
    originalPrice: v.originalPrice ?? null,
    rrpPrice: v.rrpPrice,
    volumePrices: toVolumePrices(v.volumePrices),
    currencyCode: v.currencyCode ?? null,
    inStock: v.inStock,
    ean: v.ean ?? null,
    images: (v.images ?? []).map(toImage),
  };
}

/** A contract price row; its image is the first of type main (account spec 3). */
export function toContractPrice(c: RestContractPrice): ContractPriceModel {
  const main = (c.images ?? []).filter((i) => i.type === "main").map(toImage);
  return {
    code: c.code,
    name: c.name,
    image: main[0] ?? (c.image ? { id: null, type: "main", path: c.image } : null),
    price: c.price,
    rrpPrice: c.rrpPrice,
    volumePrices: toVolumePrices(c.volumePrices),
    currencyCode: c.currencyCode,
    ean: c.ean ?? null,
    inStock: c.inStock,
    variants: (c.variantsData ?? []).map((v) => ({
      code: v.code,
      name: v.name ?? v.code,
      price: v.price,
      rrpPrice: v.rrpPrice,
      volumePrices: toVolumePrices(v.volumePrices),
      inStock: v.inStock,
      ean: v.ean ?? null,
      image: (v.images ?? []).filter((i) => i.type === "main").map(toImage)[0] ?? null,
    })),
  };
}

export function toShoppingList(
  l: RestShoppingList,
): ShoppingListModel & { __typename: "ShoppingList" } {
  return {
    __typename: "ShoppingList",
    id: String(l.id),
    name: l.name,
    createdAt: l.createdAt,
    currencyCode: l.currencyCode,
    total: l.total,
    items: l.items.map((i) => ({
      id: String(i.id),
      variantCode: i.variantCode ?? requiredIdOf(i.productVariant),
      productCode: idOf(i.product),
      productName: i.productName,
      variantName: i.variantName ?? null,
      quantity: i.quantity,
      images: (i.productImages ?? []).map(toImage),
      unitPrice: i.unitPrice,
      available: i.available,
      inStock: i.inStock,
    })),
  };
}
