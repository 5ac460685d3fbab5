import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Stack.css";
import { Anchor, Badge, Box, Image, Stack, Text } from "@mantine/core";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PLACEHOLDER_IMAGE } from "../lib/placeholder";
import { Price } from "./price";

export interface ProductCardData {
  code: string;
  name: string;
  images: ReadonlyArray<{ type: string; path: string }>;
  price?: number | null;
  currencyCode?: string | null;
  inStock: boolean;
  /** The product's variants: a card of a product with several says so (issue 30). */
  variants?: ReadonlyArray<{ code: string; name: string }>;
}

/** The main image of a product: the 'main' one, else the first that is not a badge. */
export function mainImage(images: ProductCardData["images"]): string | null {
  const main = images.find((i) => i.type === "main") ?? images.find((i) => i.type !== "badge");
  return main?.path ?? null;
}

/** The name's sizes in rem, largest first: 18 px (Mantine's "lg") down to 13 px. */
const NAME_SIZES = [1.125, 1.0625, 1, 0.9375, 0.875, 0.8125];
/** The heading font's letters are at most about this wide on average, in em (the estimate). */
const LETTER_EM = 0.62;

/**
 * Picks the largest size at which the longest word of the name fits the tile: the first that
 * does not overflow it. Words wrap only at spaces and hyphens (issue 30: "Reinigungsgerä|t"
 * was cut without a hyphen at 390 px, as the browser has no hyphenation dictionary there).
 */
function fitName(el: HTMLElement): void {
  // Measured unbroken: the page's `overflow-wrap: break-word` (base.css) would hide the overflow.
  el.style.overflowWrap = "normal";
  for (const size of NAME_SIZES) {
    el.style.fontSize = `${size}rem`;
    if (el.scrollWidth <= el.clientWidth) return;
  }
  // A word longer than the tile even at 13 px: cut rather than spill over the next tile.
  el.style.overflowWrap = "break-word";
}

/**
 * A product's name in a tile. Browsers that hyphenate the page's language (`lang` is set on
 * <html>) break long compounds with a hyphen; where none does, the name gets smaller until its
 * longest word fits, again when the tile's width changes.
 */
function ProductName({ name }: { name: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The server's first paint (issue 31: shop pages come rendered with their products) already
  // comes close to the fitted size: the tile is a size container, and the name's size is the
  // tile's width over its longest word in average letter widths, between 13 and 18 px.
  // fitName then settles the exact step once the page runs.
  const longest = Math.max(...name.split(/[\s-]+/).map((word) => word.length));
  const estimate = `clamp(0.8125rem, calc(100cqi / ${(longest * LETTER_EM).toFixed(2)}), 1.125rem)`;
  useLayoutEffect(() => {
    const el = ref.current;
    const tile = el?.parentElement;
    if (!el || !tile) return;
    fitName(el);
    // The tile's width does not depend on the name's size: no loop of measurements.
    const observer = new ResizeObserver(() => fitName(el));
    observer.observe(tile);
    return () => observer.disconnect();
  }, [name]);
  return (
    <Text
      ref={ref}
      ff="heading"
      lh={1.3}
      c="stone.9"
      style={{ hyphens: "auto", fontSize: estimate }}
      data-testid="product-card-name"
    >
      {name}
    </Text>
  );
}

/** A product tile: image, name and price, linking to the product page. */
export function ProductCard({ product }: { product: ProductCardData }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={`/shop/products/${encodeURIComponent(product.code)}`}
      underline="never"
      c="inherit"
      data-testid="product-card"
    >
      {/* A size container: the name's first-paint size follows the tile's width. */}
      <Stack gap="sm" style={{ containerType: "inline-size" }}>
        <Box bg="stone.0" pos="relative" style={{ borderRadius: 6, overflow: "hidden" }}>
          <Image
            src={mainImage(product.images)}
            fallbackSrc={PLACEHOLDER_IMAGE}
            // The product's name follows as the link's text: the picture adds nothing to read.
            alt=""
            // Square up to 260 px: a fixed height left a small picture in a tall tile on a phone.
            h="auto"
            mah={260}
            style={{ aspectRatio: "1 / 1" }}
            fit="contain"
            p={{ base: "xs", sm: "lg" }}
          />
          {!product.inStock && (
            <Badge pos="absolute" top={12} left={12} color="stone.7" variant="filled">
              {t("product.comingSoon")}
            </Badge>
          )}
        </Box>
        <ProductName name={product.name} />
        {product.variants && product.variants.length > 1 && (
          // How many colours (or sizes) there are, and which: the product page lets one choose.
          <Text size="sm" c="stone.7" lineClamp={2} data-testid="product-card-variants">
            {t("product.variants", {
              count: product.variants.length,
              names: product.variants.map((v) => v.name).join(", "),
            })}
          </Text>
        )}
        {product.price != null && (
          <Price amount={product.price} currencyCode={product.currencyCode} c="clay.7" fw={600} />
        )}
      </Stack>
    </Anchor>
  );
}
