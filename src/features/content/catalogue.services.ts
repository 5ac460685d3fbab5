import type { GatewayRequest } from "../../lib/graphql-client";
import {
  CatalogueProductsDocument,
  NavigationDocument,
  TreatmentsDocument,
  type CatalogueProductsQuery,
} from "../../lib/gql/graphql";

/** A file a partner can download for a product (spec section 2: name and url). */
export interface CatalogueMaterial {
  name: string;
  url: string;
}

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
  /** Optional downloads; an empty list shows no download block. */
  materials: CatalogueMaterial[];
}

/** A collection inside a catalogue section: what the section's flyout lists. */
export interface CatalogueCollection {
  code: string;
  name: string;
  entries: CatalogueEntry[];
}

export interface CatalogueCategory {
  /** Key under catalogue.categories and the anchor id (`catalogue-<key>`). */
  key: "facialCare" | "cosmetics" | "bodyCare" | "oralCare" | "faqTreatments";
  collections: CatalogueCollection[];
}

/**
 * The catalogue's five sections and the gateway taxons behind them (the navigation categories
 * of the seed are finer than the catalogue's families, so several can feed one section: each
 * is one collection of the section).
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

function thumbOf(images: ReadonlyArray<{ type: string; path: string }>): string | null {
  const image = images.find((i) => i.type === "main") ?? images.find((i) => i.type !== "badge");
  return image?.path ?? null;
}

/** The last segment of a file path: the name a download is offered under. */
function fileName(path: string): string {
  return decodeURIComponent(path.split("/").pop() ?? path);
}

/**
 * The downloads of a product: its product visuals (not badges). The REST API has no separate
 * materials yet; when it does, they join this list.
 */
function materialsOf(images: ReadonlyArray<{ type: string; path: string }>): CatalogueMaterial[] {
  return images
    .filter((image) => image.type !== "badge")
    .map((image) => ({ name: fileName(image.path), url: image.path }));
}

type CatalogueProduct = CatalogueProductsQuery["products"]["items"][number];

function productEntry(product: CatalogueProduct): CatalogueEntry {
  return {
    code: product.code,
    name: product.name,
    description: product.description,
    html: false,
    thumb: thumbOf(product.images),
    price: product.price ?? null,
    currencyCode: product.currencyCode ?? null,
    productLink: true,
    materials: materialsOf(product.images),
  };
}

/**
 * One collection per taxon, named as the navigation names it; a product listed by an earlier
 * collection of the same section is not repeated.
 */
async function collectionsOf(
  request: GatewayRequest,
  taxons: readonly string[],
  names: ReadonlyMap<string, string>,
): Promise<CatalogueCollection[]> {
  const lists = await Promise.all(
    taxons.map((taxonCode) => request(CatalogueProductsDocument, { taxonCode, perPage: PER_PAGE })),
  );
  const seen = new Set<string>();
  return taxons.map((code, index) => {
    const items = lists[index]?.products.items ?? [];
    const fresh = items.filter((product) => !seen.has(product.code));
    for (const product of fresh) seen.add(product.code);
    return { code, name: names.get(code) ?? code, entries: fresh.map(productEntry) };
  });
}

/** Each treatment is a collection of its own: its protocol is the one entry. */
async function treatmentsOf(request: GatewayRequest): Promise<CatalogueCollection[]> {
  const { taxon } = await request(TreatmentsDocument, { perPage: 1 });
  return (taxon?.children ?? []).map((treatment) => ({
    code: treatment.code,
    name: treatment.name,
    entries: [
      {
        code: treatment.code,
        name: treatment.name,
        description: treatment.description,
        html: true,
        thumb: thumbOf(treatment.images),
        price: null,
        currencyCode: null,
        productLink: false,
        materials: [],
      },
    ],
  }));
}

/**
 * Loads every section of the catalogue from the gateway; visitors get the same entries with
 * null prices (the API prices only for signed-in partners).
 */
export async function loadCatalogue(request: GatewayRequest): Promise<CatalogueCategory[]> {
  const { navigation } = await request(NavigationDocument);
  const names = new Map(navigation.map((category) => [category.code, category.name]));
  return Promise.all(
    CATALOGUE_SECTIONS.map(async ({ key, taxons }) => ({
      key,
      collections:
        key === "faqTreatments"
          ? await treatmentsOf(request)
          : await collectionsOf(request, taxons, names),
    })),
  );
}
