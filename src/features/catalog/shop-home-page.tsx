import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import {
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Carousel } from "../../components/carousel";
import { useCarouselLabels, useCatalogList } from "../../components/catalog-texts";
import { ProductCard } from "../../components/product-card";
import { AwardsCarousel, PressCarousel, PressLinks } from "../../components/recognition";
import { gateway } from "../../lib/gateway";
import { HomeCollectionsDocument, ProductsDocument } from "../../lib/gql/graphql";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import {
  AwardLaurel,
  BANNER_BACKGROUNDS,
  BannerArt,
  QuoteMark,
  TechnologyIcon,
} from "./home-visuals";

/** Homepage limits (spec section 9). */
const BESTSELLERS = 8;
const FEATURED_COLLECTIONS = 3;
const TECHNOLOGIES = 12;

/**
 * The 6 banners (spec sections 2 and 9): each leads to a product search or a category; their
 * texts are `home.banners.items[i]` in the catalog namespace.
 */
export const BANNERS: ReadonlyArray<{ key: string; to: string }> = [
  { key: "cleanse", to: "/shop/category/facial-cleansing" },
  { key: "lift", to: "/shop/products?search=microcurrent" },
  { key: "led", to: "/shop/products?search=LED" },
  { key: "oral", to: "/shop/category/oral-care" },
  { key: "serum", to: "/shop/products?search=serum" },
  { key: "body", to: "/shop/category/body-care" },
];

interface BannerText {
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
}
interface Technology {
  name: string;
  text: string;
}
function SectionTitle({
  id,
  eyebrow,
  children,
}: {
  id: string;
  eyebrow?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={8} align="center" ta="center" mb={48}>
      {eyebrow && (
        <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
          {eyebrow}
        </Text>
      )}
      <Title order={2} id={id}>
        {children}
      </Title>
    </Stack>
  );
}

function Banner({ banner, index }: { banner: BannerText; index: number }) {
  const target = BANNERS[index];
  if (!target) return null;
  return (
    <Anchor
      component={Link}
      to={target.to}
      underline="never"
      c="inherit"
      display="block"
      data-testid="banner"
    >
      <Box
        h={{ base: 380, md: 440 }}
        style={{ background: BANNER_BACKGROUNDS[index % BANNER_BACKGROUNDS.length] }}
      >
        <Container size="xl" h="100%">
          <Group h="100%" wrap="nowrap" justify="space-between" gap="xl">
            <Stack gap="md" maw={500} px={{ base: 40, md: 72 }}>
              <Text size="xs" c="clay.7" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
                {banner.eyebrow}
              </Text>
              <Title order={2} fz={{ base: 30, md: 44 }} lh={1.1} c="stone.9">
                {banner.title}
              </Title>
              <Text c="stone.7" fz="lg">
                {banner.text}
              </Text>
              <Box>
                <Button component="span" color="clay" size="md" mt="xs">
                  {banner.cta}
                </Button>
              </Box>
            </Stack>
            <Box visibleFrom="md" h="100%" w="46%" py="lg" style={{ flexShrink: 0 }}>
              <BannerArt index={index} />
            </Box>
          </Group>
        </Container>
      </Box>
    </Anchor>
  );
}

function Banners() {
  const { t } = useTranslation("catalog");
  const banners = useCatalogList<BannerText>("home.banners.items").slice(0, BANNERS.length);
  const labels = useCarouselLabels(t("home.banners.label"));
  return (
    <Carousel
      items={banners}
      getKey={(_banner, index) => BANNERS[index]?.key ?? String(index)}
      renderItem={(banner, index) => <Banner banner={banner} index={index} />}
      labels={labels}
      controls="overlay"
      gap={0}
      testId="banners"
    />
  );
}

function Bestsellers() {
  const { t, i18n } = useTranslation("catalog");
  const bestsellers = useGatewayQuery(
    () => gateway(ProductsDocument, { taxonCode: "bestsellers", perPage: BESTSELLERS }),
    `bestsellers-${i18n.language}`,
    { server: true },
  );
  return (
    <Container size="xl" py={88} component="section" aria-labelledby="bestsellers-title">
      <SectionTitle id="bestsellers-title" eyebrow={t("home.bestsellers.eyebrow")}>
        {t("home.bestsellers.title")}
      </SectionTitle>
      {bestsellers.status === "loading" && (
        <Center py="xl">
          <Loader color="clay" type="dots" />
        </Center>
      )}
      {bestsellers.status === "error" && (
        <Text ta="center" c="stone.6">
          {t("home.loadError")}
        </Text>
      )}
      {bestsellers.status === "success" && (
        <SimpleGrid
          cols={{ base: 2, md: 4 }}
          spacing="xl"
          verticalSpacing={48}
          data-testid="bestsellers"
        >
          {bestsellers.data.products.items.slice(0, BESTSELLERS).map((product) => (
            <ProductCard key={product.code} product={product} />
          ))}
        </SimpleGrid>
      )}
      <Center mt={48}>
        <Button component={Link} to="/shop/category/bestsellers" variant="outline" color="stone.8">
          {t("home.bestsellers.viewAll")}
        </Button>
      </Center>
    </Container>
  );
}

function Technologies() {
  const { t } = useTranslation("catalog");
  const technologies = useCatalogList<Technology>("home.technologies.items").slice(0, TECHNOLOGIES);
  return (
    <Box component="section" bg="stone.0" py={88} aria-labelledby="technologies-title">
      <Container size="xl">
        <SectionTitle id="technologies-title" eyebrow={t("home.technologies.eyebrow")}>
          {t("home.technologies.title")}
        </SectionTitle>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" verticalSpacing="lg">
          {technologies.map((technology, index) => (
            <Stack
              key={technology.name}
              gap="sm"
              p="lg"
              bg="white"
              style={{ borderRadius: 8, border: "1px solid var(--mantine-color-stone-2)" }}
              data-testid="technology"
            >
              <TechnologyIcon index={index} />
              <Text ff="heading" fz="lg" c="stone.9">
                {technology.name}
              </Text>
              <Text size="sm" c="stone.7">
                {technology.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function FeaturedCollections() {
  const { t, i18n } = useTranslation("catalog");
  const collections = useGatewayQuery(
    () => gateway(HomeCollectionsDocument),
    `home-collections-${i18n.language}`,
    { server: true },
  );
  // Without collections (or without an answer) the section is left out rather than shown empty.
  if (collections.status === "error") return null;
  const featured =
    collections.status === "success"
      ? (collections.data.taxon?.children ?? []).slice(0, FEATURED_COLLECTIONS)
      : [];
  if (collections.status === "success" && featured.length === 0) return null;
  return (
    <Container size="xl" py={88} component="section" aria-labelledby="collections-title">
      <SectionTitle id="collections-title" eyebrow={t("home.collections.eyebrow")}>
        {t("home.collections.title")}
      </SectionTitle>
      {collections.status === "loading" ? (
        <Center py="xl">
          <Loader color="clay" type="dots" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {featured.map((collection) => (
            <Card
              key={collection.code}
              component={Link}
              to={`/shop/category/${collection.code}`}
              padding={0}
              radius="md"
              withBorder
              data-testid="featured-collection"
              style={{ borderColor: "var(--mantine-color-stone-2)" }}
            >
              <Image
                src={collection.coverImage?.path ?? null}
                fallbackSrc={PLACEHOLDER_IMAGE}
                alt=""
                h={220}
                fit="cover"
              />
              <Stack gap="xs" p="lg">
                <Title order={3}>{collection.name}</Title>
                <Text size="sm" c="stone.7" lineClamp={3}>
                  {collection.description}
                </Text>
                <Text size="sm" c="clay.7" fw={600} mt="xs">
                  {t("home.collections.discover")} →
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

function Awards() {
  const { t } = useTranslation("catalog");
  return (
    <Box component="section" bg="stone.1" py={80} aria-labelledby="awards-title">
      <Container size="xl">
        <SectionTitle id="awards-title" eyebrow={t("home.awards.eyebrow")}>
          {t("home.awards.title")}
        </SectionTitle>
        <AwardsCarousel
          name={t("home.awards.title")}
          perView={{ base: 1, xs: 2, sm: 3, lg: 6 }}
          emblem={(award) => <AwardLaurel year={award.year} />}
          slideProps={{ px: "xs", "data-testid": "award" }}
        />
      </Container>
    </Box>
  );
}

function Press() {
  const { t } = useTranslation("catalog");
  return (
    <Container size="xl" py={88} component="section" aria-labelledby="press-title">
      <SectionTitle id="press-title" eyebrow={t("home.press.eyebrow")}>
        {t("home.press.title")}
      </SectionTitle>
      <PressCarousel
        name={t("home.press.title")}
        testId="press"
        mark={<QuoteMark />}
        slideProps={{ bg: "stone.0", style: { borderRadius: 8 }, "data-testid": "press-quote" }}
      />
      <PressLinks pressRoom={t("home.press.pressRoom")} blog={t("home.press.blog")} />
    </Container>
  );
}

/**
 * /shop: the signed-in homepage (spec section 2): banner carousel, bestsellers, technologies,
 * featured collections, awards and press.
 */
export function Component() {
  return (
    <>
      <Banners />
      <Bestsellers />
      <Technologies />
      <FeaturedCollections />
      <Awards />
      <Press />
    </>
  );
}
