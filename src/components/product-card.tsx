import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Stack.css";
import { Anchor, Badge, Box, Image, Stack, Text } from "@mantine/core";
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
      <Stack gap="sm">
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
        {/* Long German compounds in product names break inside the tile, never past it. */}
        <Text
          ff="heading"
          fz="lg"
          lh={1.3}
          c="stone.9"
          style={{ overflowWrap: "anywhere", hyphens: "auto" }}
        >
          {product.name}
        </Text>
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
