/** An image as the gateway returns it. */
export interface CatalogImage {
  type: string;
  path: string;
}

/**
 * The product gallery: badge images are left out (they are overlaid instead), and the main
 * image comes first; the others keep their order.
 */
export function galleryImages<T extends CatalogImage>(images: readonly T[]): T[] {
  const shown = images.filter((image) => image.type !== "badge");
  const main = shown.filter((image) => image.type === "main");
  return [...main, ...shown.filter((image) => image.type !== "main")];
}

/** The badge image overlaid on the gallery, if the product has one. */
export function badgeImage<T extends CatalogImage>(images: readonly T[]): T | null {
  return images.find((image) => image.type === "badge") ?? null;
}
