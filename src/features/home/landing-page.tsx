import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
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
import { mainImage, ProductCard } from "../../components/product-card";
import { AwardsCarousel, PressCarousel, PressLinks } from "../../components/recognition";
import { BRAND } from "../../lib/brand";
import { gateway } from "../../lib/gateway";
import { ProductsDocument } from "../../lib/gql/graphql";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useStoredSession } from "../../lib/server-render";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { CountUp } from "./count-up";
import { SOCIAL_LINKS } from "./landing-links";
import { LANDING_TEXTS } from "./landing-texts";

/** The landing statistics (spec section 9); figures and labels are localised in landing.json. */
const STATS = [
  { value: "stats.awards", key: "stats.awardsLabel" },
  { value: "stats.retailers", key: "stats.retailersLabel" },
  { value: "stats.countries", key: "stats.countriesLabel" },
  { value: "stats.customers", key: "stats.customersLabel" },
  { value: "stats.doors", key: "stats.doorsLabel" },
  { value: "stats.years", key: "stats.yearsLabel" },
] as const;

/** One row of bestsellers on the landing (the shop home shows up to 8). */
const LANDING_BESTSELLERS = 4;

function SectionTitle({ id, lead, children }: { id: string; lead?: string; children: ReactNode }) {
  return (
    <Stack align="center" ta="center" gap="md" mb={48}>
      <Title order={2} id={id}>
        {children}
      </Title>
      {lead && (
        <Text c="stone.7" maw={620}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}

/** A bestseller for a visitor: no price (the API prices only for partners), sign in to order. */
function VisitorProductTile({
  product,
}: {
  product: { code: string; name: string; images: ReadonlyArray<{ type: string; path: string }> };
}) {
  return (
    <Anchor
      component={Link}
      to="/login"
      underline="never"
      c="inherit"
      data-testid="landing-bestseller"
    >
      <Stack gap="sm">
        <Box bg="stone.0" style={{ borderRadius: 6, overflow: "hidden" }}>
          <Image
            src={mainImage(product.images)}
            fallbackSrc={PLACEHOLDER_IMAGE}
            // The product's name follows as the link's text: the picture adds nothing to read.
            alt=""
            // Square up to 240 px: in a phone's two columns a fixed height left a small
            // picture in a tall, empty tile.
            h="auto"
            mah={240}
            style={{ aspectRatio: "1 / 1" }}
            fit="contain"
            p={{ base: "xs", sm: "lg" }}
          />
        </Box>
        <Text ff="heading" fz="lg" lh={1.3} c="stone.9">
          {product.name}
        </Text>
      </Stack>
    </Anchor>
  );
}

/**
 * The catalogue is public (the REST API answers visitors with null prices), so visitors see
 * the bestsellers too; partners get the usual product cards with their prices.
 */
function Bestsellers({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation("landing");
  const list = useGatewayQuery(
    () => gateway(ProductsDocument, { taxonCode: "bestsellers", perPage: LANDING_BESTSELLERS }),
    `landing-bestsellers-${signedIn ? "partner" : "visitor"}-${i18n.language}`,
    { server: true },
  );
  // A failed block is left out: the landing stays useful without it.
  if (list.status === "error") return null;
  const products = list.status === "success" ? list.data.products.items : [];
  if (list.status === "success" && products.length === 0) return null;
  return (
    <Box component="section" bg="stone.0" py={88} aria-labelledby="landing-bestsellers">
      <Container size="xl">
        <SectionTitle id="landing-bestsellers" lead={t("bestsellers.lead")}>
          {t("bestsellers.title")}
        </SectionTitle>
        {list.status === "loading" ? (
          <Center py="xl">
            <Loader color="clay" type="dots" />
          </Center>
        ) : (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing={40}>
            {products
              .slice(0, LANDING_BESTSELLERS)
              .map((product) =>
                signedIn ? (
                  <ProductCard key={product.code} product={product} />
                ) : (
                  <VisitorProductTile key={product.code} product={product} />
                ),
              )}
          </SimpleGrid>
        )}
        <Center mt={48}>
          {signedIn ? (
            <Button
              component={Link}
              to="/shop/category/bestsellers"
              variant="outline"
              color="stone.8"
            >
              {t("bestsellers.viewAll")}
            </Button>
          ) : (
            // No second 'Sign in' link here: the hero has it, and each tile leads to it.
            <Text size="sm" c="stone.7" ta="center">
              {t("bestsellers.pricesAfterSignIn")}
            </Text>
          )}
        </Center>
      </Container>
    </Box>
  );
}

function Awards() {
  const { t } = useTranslation("landing");
  return (
    <Container size="xl" py={88} component="section" aria-labelledby="landing-awards">
      <SectionTitle id="landing-awards" lead={t("awards.lead")}>
        {t("awards.title")}
      </SectionTitle>
      <AwardsCarousel
        name={t("awards.title")}
        perView={{ base: 1, xs: 2, sm: 3, lg: 4 }}
        testId="landing-awards"
        emblem={(award) => (
          <Text ff="heading" fz={32} c="clay.6" lh={1}>
            {award.year}
          </Text>
        )}
        slideProps={{
          py: "lg",
          px: "md",
          h: "100%",
          style: { borderTop: "1px solid var(--mantine-color-clay-3)" },
          "data-testid": "landing-award",
        }}
      />
    </Container>
  );
}

function Press() {
  const { t } = useTranslation("landing");
  return (
    <Box component="section" bg="stone.1" py={88} aria-labelledby="landing-press">
      <Container size="xl">
        <SectionTitle id="landing-press" lead={t("press.lead", { brand: BRAND.name })}>
          {t("press.title")}
        </SectionTitle>
        <PressCarousel
          name={t("press.title")}
          testId="landing-press"
          slideProps={{
            bg: "white",
            // A rule, not quotation marks: those differ by language („…“, « … »).
            style: { borderRadius: 8, borderTop: "3px solid var(--mantine-color-clay-3)" },
            "data-testid": "landing-press-quote",
          }}
        />
        <PressLinks pressRoom={t("press.pressRoom")} blog={t("press.blog")} />
      </Container>
    </Box>
  );
}

function Social() {
  const { t } = useTranslation("landing");
  return (
    <Container size="md" py={72} component="section" aria-labelledby="landing-social">
      <Stack align="center" gap="lg" ta="center">
        <Title order={2} id="landing-social" fz="h3">
          {t("social.title")}
        </Title>
        <Text c="stone.7">{t("social.lead", { brand: BRAND.name })}</Text>
        <Group gap="md" justify="center" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.name}>
              <ActionIcon
                component="a"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                size={48}
                radius="xl"
                variant="outline"
                color="stone.7"
                aria-label={t("social.link", { network: link.name })}
                data-testid="social-link"
              >
                {link.icon}
              </ActionIcon>
            </li>
          ))}
        </Group>
      </Stack>
    </Container>
  );
}

/** `/`: the public landing page; signed-in partners get the way into the shop. */
export function Component() {
  const { t } = useLazyNamespace("landing", LANDING_TEXTS);
  const signedIn = useStoredSession() !== null;
  return (
    <>
      <Box
        py={120}
        style={{
          background:
            "radial-gradient(circle at 80% 20%, var(--mantine-color-clay-1) 0%, transparent 45%), var(--mantine-color-stone-0)",
        }}
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="lg">
            <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
              {t("hero.eyebrow", { brand: BRAND.name })}
            </Text>
            <Title order={1} fz={{ base: 36, md: 52 }} maw={720}>
              {t("hero.title", { brand: BRAND.name })}
            </Title>
            <Text c="stone.7" fz="lg" maw={560}>
              {t("hero.subtitle")}
            </Text>
            {signedIn ? (
              <Button component={Link} to="/shop" size="lg" mt="md">
                {t("hero.enterShop")}
              </Button>
            ) : (
              <Stack align="center" gap="sm" mt="md">
                <Button component={Link} to="/register" size="lg">
                  {t("hero.becomePartner")}
                </Button>
                <Text size="sm" c="stone.7">
                  {t("hero.alreadyPartner")}{" "}
                  <Anchor component={Link} to="/login" fw={600}>
                    {t("hero.signIn")}
                  </Anchor>
                </Text>
              </Stack>
            )}
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={96} component="section" aria-labelledby="who-we-are">
        <Stack align="center" ta="center" gap="md" mb={56}>
          <Title order={2} id="who-we-are">
            {t("whoWeAre.title")}
          </Title>
          <Text c="stone.7" maw={640}>
            {t("whoWeAre.body", { brand: BRAND.name })}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="lg">
          {STATS.map((stat) => (
            <Stack key={stat.key} gap={4} align="center" data-testid="stat">
              <Text ff="heading" fz={40} c="clay.6" lh={1}>
                <CountUp figure={t(stat.value)} />
              </Text>
              <Text
                size="xs"
                c="stone.7"
                tt="uppercase"
                ta="center"
                style={{ letterSpacing: "0.14em" }}
              >
                {t(stat.key)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
      <Bestsellers signedIn={signedIn} />
      <Awards />
      <Press />
      <Social />
    </>
  );
}
