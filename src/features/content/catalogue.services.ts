import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { parse } from "graphql";
import type { GatewayRequest } from "../../lib/graphql-client";
import { TreatmentsDocument } from "../../lib/gql/graphql";

/** One line of the catalogue: a product, or for 'FAQ treatments' a treatment protocol. */
export interface CatalogueEntry {
  code: string;
  name: string;
  description: string;
  /** Whether the description is (catalogue) HTML to sanitise rather than plain text. */
  html: boolean;
  thumb: string | null;
  price: number | null;
  currencyCode: string | null;
  /** The product page for signed-in partners; treatments have none. */
  productLink: boolean;
}

export interface CatalogueCategory {
  /** Key under catalogue.categories and the anchor id (`catalogue-<key>`). */
  key: "facialCare" | "cosmetics" | "bodyCare" | "oralCare" | "faqTreatments";
  entries: CatalogueEntry[];
}

/**
 * The catalogue's five sections and the gateway taxons behind them (the navigation categories
 * of the seed are finer than the catalogue's families, so several can feed one section).
 */
export const CATALOGUE_SECTIONS: ReadonlyArray<{
  key: CatalogueCategory["key"];
  taxons: readonly string[];
}> = [
  { key: "facialCare", taxons: ["facial-cleansing", "skincare-devices"] },
  { key: "cosmetics", taxons: ["skincare"] },
  { key: "bodyCare", taxons: ["body-care"] },
  { key: "oralCare", taxons: ["oral-care"] },
  { key: "faqTreatments", taxons: [] },
];

/** The gateway's cap on one page. */
const PER_PAGE = 100;

interface CatalogueProductsQuery {
  products: {
    items: Array<{
      code: string;
      name: string;
      description: string;
      price: number | null;
      currencyCode: string | null;
      images: Array<{ type: string; path: string }>;
    }>;
  };
}

// The generated Products document has no descriptions; the catalogue needs them in one call
// per taxon rather than one per product.
const CatalogueProductsDocument = parse(/* GraphQL */ `
  query CatalogueProducts($taxonCode: String, $perPage: Int) {
    products(taxonCode: $taxonCode, perPage: $perPage) {
      items {
        code
        name
        description
        price
        currencyCode
        images {
          type
          path
        }
      }
    }
  }
`) as TypedDocumentNode<CatalogueProductsQuery, { taxonCode: string; perPage: number }>;

function thumbOf(images: ReadonlyArray<{ type: string; path: string }>): string | null {
  const image = images.find((i) => i.type === "main") ?? images.find((i) => i.type !== "badge");
  return image?.path ?? null;
}

async function productsOf(request: GatewayRequest, taxons: readonly string[]) {
  const lists = await Promise.all(
    taxons.map((taxonCode) => request(CatalogueProductsDocument, { taxonCode, perPage: PER_PAGE })),
  );
  const seen = new Set<string>();
  const entries: CatalogueEntry[] = [];
  for (const product of lists.flatMap((list) => list.products.items)) {
    if (seen.has(product.code)) continue;
    seen.add(product.code);
    entries.push({
      code: product.code,
      name: product.name,
      description: product.description,
      html: false,
      thumb: thumbOf(product.images),
      price: product.price,
      currencyCode: product.currencyCode,
      productLink: true,
    });
  }
  return entries;
}

async function treatmentsOf(request: GatewayRequest): Promise<CatalogueEntry[]> {
  const { taxon } = await request(TreatmentsDocument, { perPage: 1 });
  return (taxon?.children ?? []).map((treatment) => ({
    code: treatment.code,
    name: treatment.name,
    description: treatment.description,
    html: true,
    thumb: thumbOf(treatment.images),
    price: null,
    currencyCode: null,
    productLink: false,
  }));
}

/**
 * Loads every section of the catalogue from the gateway; visitors get the same entries with
 * null prices (the API prices only for signed-in partners).
 */
export async function loadCatalogue(request: GatewayRequest): Promise<CatalogueCategory[]> {
  return Promise.all(
    CATALOGUE_SECTIONS.map(async ({ key, taxons }) => ({
      key,
      entries:
        key === "faqTreatments" ? await treatmentsOf(request) : await productsOf(request, taxons),
    })),
  );
}
