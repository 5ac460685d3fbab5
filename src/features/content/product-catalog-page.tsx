import {
  Anchor,
  Box,
  Burger,
  Button,
  Collapse,
  Container,
  Divider,
  Group,
  Image,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Price } from "../../components/price";
import { BRAND } from "../../lib/brand";
import { gateway } from "../../lib/gateway";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { readSession } from "../../lib/storage";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { CatalogLoader, CatalogMessage } from "../catalog/catalog-listing";
import {
  CATALOGUE_SECTIONS,
  loadCatalogue,
  type CatalogueCategory,
  type CatalogueEntry,
} from "./catalogue.services";
import { WithContentTexts } from "./content-texts";
import { PageHeader } from "./page-header";
import { sanitizeHtml } from "./sanitize-html";

/** Sections land this far below the top of the window (spec section 9). */
export const ANCHOR_OFFSET_PX = 150;

const anchorId = (key: CatalogueCategory["key"]) => `catalogue-${key}`;

/** Scrolls so the section starts ANCHOR_OFFSET_PX below the top of the window. */
function scrollToSection(key: CatalogueCategory["key"]) {
  const element = document.getElementById(anchorId(key));
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
  window.scrollTo({ top, behavior: "smooth" });
  history.replaceState(null, "", `#${anchorId(key)}`);
}

function CategoryLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("content");
  const go = (key: CatalogueCategory["key"]) => (event: MouseEvent) => {
    event.preventDefault();
    onNavigate?.();
    scrollToSection(key);
  };
  return CATALOGUE_SECTIONS.map(({ key }) => (
    <Button
      key={key}
      component="a"
      href={`#${anchorId(key)}`}
      variant="subtle"
      color="stone"
      onClick={go(key)}
      data-testid="catalogue-nav-link"
    >
      {t(`catalogue.categories.${key}`)}
    </Button>
  ));
}

function CategoryNav() {
  const { t } = useTranslation("content");
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box
      component="nav"
      aria-label={t("catalogue.navLabel")}
      bg="white"
      py="sm"
      style={{ borderBottom: "1px solid var(--mantine-color-stone-2)" }}
    >
      <Container size="xl">
        <Group gap="xs" justify="center" visibleFrom="sm">
          <CategoryLinks />
        </Group>
        <Group hiddenFrom="sm" justify="space-between">
          <Text fw={600}>{t("catalogue.navLabel")}</Text>
          <Burger
            opened={opened}
            onClick={toggle}
            aria-label={t("catalogue.toggle")}
            aria-expanded={opened}
            size="sm"
          />
        </Group>
        <Collapse expanded={opened} hiddenFrom="sm">
          <Stack gap={4} pt="sm">
            <CategoryLinks onNavigate={close} />
          </Stack>
        </Collapse>
      </Container>
    </Box>
  );
}

function Entry({ entry, signedIn }: { entry: CatalogueEntry; signedIn: boolean }) {
  const { t } = useTranslation("content");
  return (
    <Group align="flex-start" wrap="nowrap" gap="xl" py="lg" data-testid="catalogue-entry">
      <Box bg="stone.0" style={{ borderRadius: 6, overflow: "hidden", flexShrink: 0 }}>
        <Image
          src={entry.thumb}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt=""
          w={112}
          h={112}
          fit="contain"
        />
      </Box>
      <Stack gap={6} style={{ flex: 1 }}>
        <Title order={3} fz="h4">
          {entry.name}
        </Title>
        <Text size="sm" c="stone.6" data-testid="catalogue-code">
          {t("catalogue.code", { code: entry.code })}
        </Text>
        {entry.html ? (
          <Box
            c="stone.8"
            // Catalogue HTML, reduced to a few harmless tags.
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(entry.description) }}
          />
        ) : (
          <Text c="stone.8">{entry.description}</Text>
        )}
        {entry.productLink && signedIn && (
          <Group gap="lg" mt={4}>
            {entry.price != null && (
              <Price
                amount={entry.price}
                currencyCode={entry.currencyCode}
                fw={600}
                c="clay.7"
                data-testid="catalogue-price"
              />
            )}
            <Anchor component={Link} to={`/shop/products/${encodeURIComponent(entry.code)}`}>
              {t("catalogue.viewProduct")}
            </Anchor>
          </Group>
        )}
        {entry.productLink && !signedIn && (
          <Anchor component={Link} to="/login" mt={4} w="fit-content">
            {t("catalogue.signInToOrder")}
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}

function Section({ category, signedIn }: { category: CatalogueCategory; signedIn: boolean }) {
  const { t } = useTranslation("content");
  const id = anchorId(category.key);
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} py={48}>
      <Title order={2} id={`${id}-title`} mb="md">
        {t(`catalogue.categories.${category.key}`)}
      </Title>
      {category.entries.length === 0 ? (
        <Text c="stone.6">{t("catalogue.empty")}</Text>
      ) : (
        category.entries.map((entry, index) => (
          <Box key={entry.code}>
            {index > 0 && <Divider color="stone.1" />}
            <Entry entry={entry} signedIn={signedIn} />
          </Box>
        ))
      )}
    </Box>
  );
}

function ProductCatalogPage() {
  const { t, i18n } = useTranslation("content");
  // The public variant is for visitors; a stored, unexpired session shows prices and links.
  const signedIn = readSession() !== null;
  const catalogue = useGatewayQuery(
    () => loadCatalogue(gateway),
    `catalogue-${signedIn ? "partner" : "public"}-${i18n.language}`,
  );
  return (
    <>
      <PageHeader
        eyebrow={BRAND.name}
        title={t("catalogue.title", { product: BRAND.product })}
        lead={t("catalogue.lead")}
      />
      <CategoryNav />
      {!signedIn && (
        <Container size="lg" pt="xl">
          <Group gap="md" data-testid="catalogue-public-note">
            <Text c="stone.7">{t("catalogue.publicNote")}</Text>
            <Button component={Link} to="/login" color="clay" size="xs">
              {t("catalogue.signInToOrder")}
            </Button>
          </Group>
        </Container>
      )}
      {catalogue.status === "loading" && <CatalogLoader />}
      {catalogue.status === "error" && <CatalogMessage>{t("catalogue.loadError")}</CatalogMessage>}
      {catalogue.status === "success" && (
        <Container size="lg" pb={96}>
          {catalogue.data.map((category) => (
            <Section key={category.key} category={category} signedIn={signedIn} />
          ))}
        </Container>
      )}
    </>
  );
}

/** /product-catalog: the catalogue, public for visitors and with prices for partners. */
export function Component() {
  return (
    <WithContentTexts>
      <ProductCatalogPage />
    </WithContentTexts>
  );
}
