/**
 * Hidden data some models carry for their field resolvers (see codegen.ts `models`): never
 * part of the schema, so never visible to the UI.
 */
export interface ProductExtras {
  /** Codes of the first association's products, at most 4 (Product.related loads them). */
  relatedCodes: string[];
}

export interface TaxonExtras {
  /** Codes of the child taxons, in order (Taxon.children loads them). */
  childCodes: string[];
}
