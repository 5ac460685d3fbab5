import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import {
  Anchor,
  Box,
  Burger,
  Button,
  Collapse,
  Container,
  Divider,
  Flex,
  Group,
  HoverCard,
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
import { useStoredSession } from "../../lib/server-render";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import {
  CATALOGUE_SECTIONS,
  loadCatalogue,
  type CatalogueCategory,
  type CatalogueCollection,
  type CatalogueEntry,
} from "./catalogue.services";
import { WithContentTexts } from "./content-texts";
import { PageHeader } from "./page-header";
import { sanitizeHtml } from "./sanitize-html";
import { ListLoader, ListMessage } from "../../components/list-state";

/** Sections land this far below the top of the window (spec section 9). */
export const ANCHOR_OFFSET_PX = 150;

const anchorId = (key: CatalogueCategory["key"]) => `catalogue-${key}`;
const collectionId = (key: CatalogueCategory["key"], code: string) => `catalogue-${key}-${code}`;

/** Scrolls so the element starts ANCHOR_OFFSET_PX below the top of the window. */
function scrollToAnchor(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
  window.scrollTo({ top, behavior: "smooth" });
  history.replaceState(null, "", `#${id}`);
}

/** A link to an anchor of the page that scrolls with the offset instead of jumping. */
function anchorLink(id: string, onNavigate?: () => void) {
  return {
    href: `#${id}`,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      onNavigate?.();
      scrollToAnchor(id);
    },
  };
}

/** The collections of a section, as the flyout and the mobile menu list them. */
function CollectionLinks({
  category,
  onNavigate,
}: {
  category: CatalogueCategory;
  onNavigate?: () => void;
}) {
  return category.collections.map((collection) => (
    <Anchor
      key={collection.code}
      {...anchorLink(collectionId(category.key, collection.code), onNavigate)}
      c="stone.8"
      size="sm"
      data-testid="catalogue-flyout-link"
    >
      {collection.name}
      {category.key !== "faqTreatments" && (
        <Text span c="stone.5" size="xs" ml={6}>
          ({collection.entries.length})
        </Text>
      )}
    </Anchor>
  ));
}

function CategoryLinks({
  catalogue,
  onNavigate,
  flyouts,
}: {
  catalogue: CatalogueCategory[] | null;
  onNavigate?: () => void;
  flyouts: boolean;
}) {
  const { t } = useTranslation("content");
  return CATALOGUE_SECTIONS.map(({ key }) => {
    const category = catalogue?.find((c) => c.key === key);
    const link = (
      <Button
        component="a"
        {...anchorLink(anchorId(key), onNavigate)}
        variant="subtle"
        color="stone"
        data-testid="catalogue-nav-link"
      >
        {t(`catalogue.categories.${key}`)}
      </Button>
    );
    if (!category || category.collections.length === 0) return <Box key={key}>{link}</Box>;
    if (!flyouts) {
      return (
        <Stack key={key} gap={6}>
          {link}
          <Stack gap={6} pl="lg" pb="xs">
            <CollectionLinks category={category} onNavigate={onNavigate} />
          </Stack>
        </Stack>
      );
    }
    return (
      <HoverCard key={key} position="bottom" shadow="md" openDelay={80} closeDelay={150} withArrow>
        <HoverCard.Target>{link}</HoverCard.Target>
        <HoverCard.Dropdown p="md" miw={220} data-testid="catalogue-flyout">
          <Text size="xs" c="clay.6" tt="uppercase" mb="xs" style={{ letterSpacing: "0.2em" }}>
            {t(`catalogue.categories.${key}`)}
          </Text>
          <Stack gap={8}>
            <CollectionLinks category={category} />
          </Stack>
        </HoverCard.Dropdown>
      </HoverCard>
    );
  });
}

function CategoryNav({ catalogue }: { catalogue: CatalogueCategory[] | null }) {
  const { t } = useTranslation("content");
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box
      component="nav"
      aria-label={t("catalogue.navLabel")}
      bg="white"
      py="sm"
      pos="sticky"
      top={0}
      style={{ borderBottom: "1px solid var(--mantine-color-stone-2)", zIndex: 10 }}
    >
      <Container size="xl">
        <Group gap="xs" justify="center" visibleFrom="sm">
          <CategoryLinks catalogue={catalogue} flyouts />
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
            <CategoryLinks catalogue={catalogue} onNavigate={close} flyouts={false} />
          </Stack>
        </Collapse>
      </Container>
    </Box>
  );
}

function Materials({ materials }: { materials: CatalogueEntry["materials"] }) {
  const { t } = useTranslation("content");
  if (materials.length === 0) return null;
  return (
    <Box mt={4} data-testid="catalogue-materials">
      <Text size="xs" c="stone.6" tt="uppercase" style={{ letterSpacing: "0.14em" }}>
        {t("catalogue.materials.title")}
      </Text>
      <Group gap="md" mt={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {materials.map((material) => (
          <li key={material.url}>
            <Anchor
              href={material.url}
              download={material.name}
              size="sm"
              aria-label={t("catalogue.materials.download", { name: material.name })}
              data-testid="catalogue-material"
              className="pp-touch-link"
            >
              ↓ {material.name}
            </Anchor>
          </li>
        ))}
      </Group>
    </Box>
  );
}

function Entry({ entry, signedIn }: { entry: CatalogueEntry; signedIn: boolean }) {
  const { t } = useTranslation("content");
  return (
    <Flex align="flex-start" gap={{ base: "md", sm: "xl" }} py="lg" data-testid="catalogue-entry">
      <Box bg="stone.0" style={{ borderRadius: 6, overflow: "hidden", flexShrink: 0 }}>
        <Image
          src={entry.thumb}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt=""
          w={{ base: 80, sm: 112 }}
          h={{ base: 80, sm: 112 }}
          fit="contain"
        />
      </Box>
      <Stack gap={6} style={{ flex: 1 }}>
        <Title order={4}>{entry.name}</Title>
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
        <Materials materials={entry.materials} />
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
            <Anchor
              component={Link}
              to={`/shop/products/${encodeURIComponent(entry.code)}`}
              className="pp-touch-link"
            >
              {t("catalogue.viewProduct")}
            </Anchor>
          </Group>
        )}
        {entry.productLink && !signedIn && (
          <Anchor component={Link} to="/login" mt={4} w="fit-content" className="pp-touch-link">
            {t("catalogue.signInToOrder")}
          </Anchor>
        )}
      </Stack>
    </Flex>
  );
}

function Collection({
  category,
  collection,
  signedIn,
}: {
  category: CatalogueCategory;
  collection: CatalogueCollection;
  signedIn: boolean;
}) {
  // A treatment's protocol is its own heading; product collections get theirs.
  const titled = category.key !== "faqTreatments";
  const id = collectionId(category.key, collection.code);
  return (
    <Box id={id} data-testid="catalogue-collection" mt={titled ? "lg" : 0}>
      {titled && (
        <Title order={3} fz="h4" c="clay.7" pb="xs">
          {collection.name}
        </Title>
      )}
      {collection.entries.map((entry, index) => (
        <Box key={entry.code}>
          {index > 0 && <Divider color="stone.1" />}
          <Entry entry={entry} signedIn={signedIn} />
        </Box>
      ))}
    </Box>
  );
}

function Section({ category, signedIn }: { category: CatalogueCategory; signedIn: boolean }) {
  const { t } = useTranslation("content");
  const id = anchorId(category.key);
  const empty = category.collections.every((collection) => collection.entries.length === 0);
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} py={48}>
      <Title order={2} id={`${id}-title`} mb="md">
        {t(`catalogue.categories.${category.key}`)}
      </Title>
      {empty ? (
        <Text c="stone.6">{t("catalogue.empty")}</Text>
      ) : (
        category.collections
          .filter((collection) => collection.entries.length > 0)
          .map((collection) => (
            <Collection
              key={collection.code}
              category={category}
              collection={collection}
              signedIn={signedIn}
            />
          ))
      )}
    </Box>
  );
}

function ProductCatalogPage() {
  const { t, i18n } = useTranslation("content");
  // The public variant is for visitors; a stored, unexpired session shows prices and links.
  const signedIn = useStoredSession() !== null;
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
      <CategoryNav catalogue={catalogue.status === "success" ? catalogue.data : null} />
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
      {catalogue.status === "loading" && <ListLoader />}
      {catalogue.status === "error" && <ListMessage>{t("catalogue.loadError")}</ListMessage>}
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
