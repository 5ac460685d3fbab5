import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Box, Container, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProductCard } from "../../components/product-card";
import { gateway } from "../../lib/gateway";
import { TreatmentsDocument, type TreatmentsQuery } from "../../lib/gql/graphql";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { WithContentTexts } from "./content-texts";
import { PageHeader } from "./page-header";
import { sanitizeHtml } from "./sanitize-html";
import { ListLoader, ListMessage } from "../../components/list-state";

/** 'Top picks for this treatment': at most 4 products of the treatment's taxon. */
const TOP_PICKS = 4;

type Treatment = NonNullable<TreatmentsQuery["taxon"]>["children"][number];

function TreatmentSection({ treatment, index }: { treatment: Treatment; index: number }) {
  const { t } = useTranslation("content");
  const imageFirst = index % 2 === 0;
  const image = treatment.images.find((i) => i.type !== "badge")?.path ?? null;
  const picks = treatment.products.items.slice(0, TOP_PICKS);
  const titleId = `treatment-${treatment.code}`;
  return (
    <Box
      component="section"
      bg={index % 2 === 0 ? "white" : "stone.0"}
      py={80}
      aria-labelledby={titleId}
      data-testid="treatment"
    >
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} verticalSpacing="xl">
          <Box
            style={{ order: imageFirst ? 0 : 1, borderRadius: 8, overflow: "hidden" }}
            bg="stone.1"
          >
            <Image src={image} fallbackSrc={PLACEHOLDER_IMAGE} alt="" h={360} fit="cover" />
          </Box>
          <Stack gap="md" justify="center">
            <Title order={2} id={titleId}>
              {treatment.name}
            </Title>
            <Box
              c="stone.8"
              data-testid="treatment-description"
              // The description is HTML from the catalogue, reduced to a few harmless tags.
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(treatment.description) }}
            />
          </Stack>
        </SimpleGrid>
        <Title order={3} mt={56} mb="xl" ta="center">
          {t("treatments.topPicks")}
        </Title>
        {picks.length === 0 ? (
          <Text ta="center" c="stone.6">
            {t("treatments.noProducts")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing={48}>
            {picks.map((product) => (
              <ProductCard key={product.code} product={product} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}

function TreatmentsPage() {
  const { t, i18n } = useTranslation("content");
  const result = useGatewayQuery(
    () => gateway(TreatmentsDocument, { perPage: TOP_PICKS }),
    `treatments-${i18n.language}`,
  );
  const treatments = result.status === "success" ? (result.data.taxon?.children ?? []) : [];
  return (
    <>
      <PageHeader
        eyebrow={t("treatments.eyebrow")}
        title={t("treatments.title")}
        lead={t("treatments.lead")}
      />
      {result.status === "loading" && <ListLoader />}
      {result.status === "error" && <ListMessage>{t("treatments.loadError")}</ListMessage>}
      {result.status === "success" && treatments.length === 0 && (
        <ListMessage>{t("treatments.empty")}</ListMessage>
      )}
      {treatments.map((treatment, index) => (
        <TreatmentSection key={treatment.code} treatment={treatment} index={index} />
      ))}
    </>
  );
}

/** /shop/treatments: each child of the 'treatments' taxon with its top picks. */
export function Component() {
  return (
    <WithContentTexts>
      <TreatmentsPage />
    </WithContentTexts>
  );
}
