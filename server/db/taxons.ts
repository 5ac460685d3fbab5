import { sql, type Kysely } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { DB } from "./schema.js";

/** A taxon with its texts in the asked language (English where it has none). */
export type TaxonRow = {
  code: string;
  parent_code: string | null;
  name: string;
  description: string;
  position: number;
  image_path: string | null;
};

/** A taxon's columns with its texts in the joined translation `tr`'s language, else English. */
const TAXON_COLUMNS = [
  "taxons.code",
  "taxons.parent_code",
  "taxons.position",
  "taxons.image_path",
  sql<string>`coalesce(tr.name, taxons.name)`.as("name"),
  sql<string>`coalesce(nullif(tr.description, ''), taxons.description)`.as("description"),
] as const;

/** Every taxon in catalogue order, its texts in `language`. */
export async function listTaxons(db: Kysely<DB>, language: string): Promise<TaxonRow[]> {
  return db
    .selectFrom("taxons")
    .leftJoin("taxon_translations as tr", (j) =>
      j.onRef("tr.taxon_code", "=", "taxons.code").on("tr.locale", "=", language),
    )
    .select(TAXON_COLUMNS)
    .orderBy("taxons.position")
    .orderBy("taxons.code")
    .execute();
}

/** One statement: the taxon with its children's and its enabled products' codes. */
export async function findTaxon(db: Kysely<DB>, code: string, language: string) {
  return db
    .selectFrom("taxons")
    .leftJoin("taxon_translations as tr", (j) =>
      j.onRef("tr.taxon_code", "=", "taxons.code").on("tr.locale", "=", language),
    )
    .select(TAXON_COLUMNS)
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("taxons as c")
          .select("c.code")
          .whereRef("c.parent_code", "=", "taxons.code")
          .orderBy("c.position"),
      ).as("children"),
      jsonArrayFrom(
        eb
          .selectFrom("product_taxons as pt")
          .innerJoin("products as p", "p.code", "pt.product_code")
          .select("pt.product_code")
          .whereRef("pt.taxon_code", "=", "taxons.code")
          .where("p.enabled", "=", true)
          .orderBy("pt.position"),
      ).as("products"),
    ])
    .where("taxons.code", "=", code)
    .executeTakeFirst();
}

/** The enabled products of all the given taxons, in one query, in each taxon's order. */
export async function productsOfTaxons(db: Kysely<DB>, taxonCodes: string[]) {
  return db
    .selectFrom("product_taxons")
    .innerJoin("products", "products.code", "product_taxons.product_code")
    .select(["product_taxons.taxon_code", "product_taxons.product_code"])
    .where("product_taxons.taxon_code", "in", taxonCodes)
    .where("products.enabled", "=", true)
    .orderBy("product_taxons.position")
    .execute();
}
