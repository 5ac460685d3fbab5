import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Container, SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProductCard } from "../../components/product-card";
import { gateway } from "../../lib/gateway";
import { ProductsDocument } from "../../lib/gql/graphql";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { WithContentTexts } from "./content-texts";
import { PageHeader } from "./page-header";
import { LIST_PER_PAGE, ListLoader, ListMessage } from "../../components/list-state";

function OutletPage() {
  const { t, i18n } = useTranslation("content");
  const result = useGatewayQuery(
    () => gateway(ProductsDocument, { taxonCode: "outlet", perPage: LIST_PER_PAGE }),
    `outlet-${i18n.language}`,
  );
  const products = result.status === "success" ? result.data.products.items : [];
  return (
    <>
      <PageHeader eyebrow={t("outlet.eyebrow")} title={t("outlet.title")} lead={t("outlet.lead")} />
      {result.status === "loading" && <ListLoader />}
      {result.status === "error" && <ListMessage>{t("outlet.loadError")}</ListMessage>}
      {result.status === "success" && products.length === 0 && (
        <ListMessage>{t("outlet.outletEmpty")}</ListMessage>
      )}
      {products.length > 0 && (
        <Container size="xl" py={64}>
          <SimpleGrid
            cols={{ base: 2, lg: 3 }}
            spacing={{ base: "md", sm: "xl" }}
            verticalSpacing={48}
          >
            {products.map((product) => (
              <ProductCard key={product.code} product={product} />
            ))}
          </SimpleGrid>
        </Container>
      )}
    </>
  );
}

/** /shop/outlet: the products of the taxon 'outlet', or the sold-out message. */
export function Component() {
  return (
    <WithContentTexts>
      <OutletPage />
    </WithContentTexts>
  );
}
