import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import { Anchor, Box, Container, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListMessage } from "../../components/list-state";
import { ProductCard, type ProductCardData } from "../../components/product-card";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import type { CatalogImage } from "./product-images";

/**
 * Three per row on desktop, two on tablet (spec section 2) and on a phone, where one card per
 * row made a category a long scroll of large images (decision 027).
 */
const GRID_COLS = { base: 2, lg: 3 } as const;
const GRID_SPACING = { base: "md", sm: "xl" } as const;

export interface SubCollection {
  code: string;
  name: string;
  images: readonly CatalogImage[];
}

function SubCollectionCard({ collection }: { collection: SubCollection }) {
  const image = collection.images[0]?.path ?? null;
  return (
    <Anchor
      component={Link}
      to={`/shop/category/${encodeURIComponent(collection.code)}`}
      underline="never"
      c="inherit"
      data-testid="sub-collection"
    >
      <Stack gap="sm">
        <Box bg="stone.0" style={{ borderRadius: 6, overflow: "hidden" }}>
          <Image src={image} fallbackSrc={PLACEHOLDER_IMAGE} alt="" h={180} fit="cover" />
        </Box>
        <Text ff="heading" fz="lg" c="stone.9">
          {collection.name}
        </Text>
      </Stack>
    </Anchor>
  );
}

/**
 * A category or search result: heading, sub-collections and products in a 3/2-column grid,
 * or the spec's empty message when there is nothing to show.
 */
export function CatalogListing({
  title,
  lead,
  collections = [],
  products,
  emptyMessage,
}: {
  title: string;
  lead?: string | null;
  collections?: readonly SubCollection[];
  products: readonly ProductCardData[];
  /** What an empty listing says instead of the category's message (a search names its term). */
  emptyMessage?: string;
}) {
  const { t } = useTranslation("catalog");
  const empty = collections.length === 0 && products.length === 0;
  return (
    <Container size="xl" py={64}>
      <Stack gap="xs" mb={48} ta="center" align="center">
        <Title order={1}>{title}</Title>
        {lead && (
          <Text c="stone.7" maw={640}>
            {lead}
          </Text>
        )}
      </Stack>
      {empty && <ListMessage>{emptyMessage ?? t("listing.empty")}</ListMessage>}
      {collections.length > 0 && (
        <Box component="section" mb={64} aria-labelledby="collections-title">
          <Title order={2} id="collections-title" mb="xl" fz="h3">
            {t("listing.collections")}
          </Title>
          <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING} verticalSpacing={40}>
            {collections.map((collection) => (
              <SubCollectionCard key={collection.code} collection={collection} />
            ))}
          </SimpleGrid>
        </Box>
      )}
      {products.length > 0 && (
        <Box component="section" aria-labelledby="products-title">
          <Title order={2} id="products-title" mb="xl" fz="h3">
            {t("listing.products")}
          </Title>
          <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING} verticalSpacing={48}>
            {products.map((product) => (
              <ProductCard key={product.code} product={product} />
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Container>
  );
}
