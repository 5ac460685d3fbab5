import { Box, Center, Container, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProductCard } from "../../components/product-card";
import { gateway } from "../../lib/gateway";
import { ProductsDocument } from "../../lib/gql/graphql";
import { useGatewayQuery } from "../../lib/use-gateway-query";

/** At most 8 bestsellers on the shop homepage (spec section 9). */
const BESTSELLERS = 8;

/** /shop: the signed-in homepage; for now its welcome and the bestsellers. */
export function Component() {
  const { t, i18n } = useTranslation();
  const bestsellers = useGatewayQuery(
    () => gateway(ProductsDocument, { taxonCode: "bestsellers", perPage: BESTSELLERS }),
    `bestsellers-${i18n.language}`,
  );
  return (
    <>
      <Box bg="stone.1" py={72}>
        <Container size="xl">
          <Stack gap="sm" maw={560}>
            <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
              {t("shop.eyebrow")}
            </Text>
            <Title order={1}>{t("shop.title")}</Title>
            <Text c="stone.7" fz="lg">
              {t("shop.lead")}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container size="xl" py={64} component="section" aria-labelledby="bestsellers-title">
        <Title order={2} id="bestsellers-title" mb="xl" ta="center">
          {t("shop.bestsellers")}
        </Title>
        {bestsellers.status === "loading" && (
          <Center py="xl">
            <Loader color="clay" type="dots" />
          </Center>
        )}
        {bestsellers.status === "error" && (
          <Text ta="center" c="stone.6">
            {t("shop.loadError")}
          </Text>
        )}
        {bestsellers.status === "success" && (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" verticalSpacing={48}>
            {bestsellers.data.products.items.slice(0, BESTSELLERS).map((product) => (
              <ProductCard key={product.code} product={product} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
