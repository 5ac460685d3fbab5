import type { Iri, RestImage, RestVolumePrice } from "./types.js";

/** A row of GET /api/v2/shop/contract-prices (server/http/routes/contract-prices.ts). */
export interface RestContractPrice {
  code: string;
  name: string;
  image?: string | null;
  images?: RestImage[];
  price: number | null;
  rrpPrice: number | null;
  volumePrices?: RestVolumePrice[];
  currencyCode: string;
  ean?: string | null;
  inStock: boolean;
  variantsData?: {
    code: string;
    name?: string | null;
    price: number | null;
    rrpPrice: number | null;
    volumePrices?: RestVolumePrice[];
    inStock: boolean;
    ean?: string | null;
    /** The variant's pictures (its own, else its product's; decision 051). */
    images?: RestImage[];
  }[];
}

/** A line of a saved shopping list. */
export interface RestShoppingListItem {
  id: number | string;
  productVariant: Iri;
  variantCode?: string;
  product?: Iri | null;
  productName: string;
  variantName?: string | null;
  quantity: number;
  productImages?: RestImage[];
  unitPrice: number | null;
  available: boolean;
  inStock: boolean;
}

/** A saved shopping list (GET /api/v2/shopping-lists). */
export interface RestShoppingList {
  id: number | string;
  name: string;
  createdAt: string;
  currencyCode: string;
  total: number;
  items: RestShoppingListItem[];
}

/** The answer of POST /api/v2/shopping-lists/{id}/order. */
export interface RestListOrdered<TCart> {
  cart: TCart;
  skipped: { variantCode: string; reason: string; message: string }[];
}

/** A variant of GET /api/v2/shop/product-variants. */
export interface RestVariant {
  code: string;
  name?: string | null;
  price: number | null;
  originalPrice?: number | null;
  rrpPrice: number | null;
  volumePrices?: RestVolumePrice[];
  currencyCode?: string | null;
  inStock: boolean;
  ean?: string | null;
  /** The variant's pictures (its own, else its product's; decision 051). */
  images?: RestImage[];
}

/** A product of a checked quick-order row (POST /api/v2/shop/quick-order/check). */
export interface RestQuickOrderProduct {
  code: string;
  product_code: string;
  name: string;
  variant_name: string;
  image: string | null;
  unit_price: number;
  currency_code: string;
}

/** The answer of a quick-order check or import: rows that can be added, rows that cannot. */
export interface RestQuickOrderCheck {
  rows: {
    row: number;
    product_variant_code: string;
    quantity: number;
    product: RestQuickOrderProduct;
    line_total: number;
  }[];
  errors: {
    row: number;
    product_variant_code: string | null;
    quantity: number | string | boolean | null;
    problems: {
      field: string;
      reason: string;
      message: string;
      /** For several_variants: the variants to choose from (decision 051). */
      variants?: { code: string; name: string }[];
    }[];
    product: RestQuickOrderProduct | null;
  }[];
}
