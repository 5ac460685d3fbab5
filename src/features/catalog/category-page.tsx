import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { gateway } from "../../lib/gateway";
import { TaxonDocument } from "../../lib/gql/graphql";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { LIST_PER_PAGE, ListLoader, ListMessage } from "../../components/list-state";
import { CatalogListing } from "./catalog-listing";

/** /shop/category/:taxonCode: the category's sub-collections and products. */
export function Component() {
  const { t, i18n } = useTranslation("catalog");
  const code = useParams().taxonCode ?? "";
  const taxon = useGatewayQuery(
    () => gateway(TaxonDocument, { code, perPage: LIST_PER_PAGE }),
    `taxon-${code}-${i18n.language}`,
    { server: true },
  );
  if (taxon.status === "loading") return <ListLoader />;
  if (taxon.status === "error") return <ListMessage>{t("listing.loadError")}</ListMessage>;
  const found = taxon.data.taxon;
  if (!found) return <ListMessage>{t("listing.empty")}</ListMessage>;
  return (
    <CatalogListing
      title={found.name}
      lead={found.description}
      collections={found.children}
      products={found.products.items}
    />
  );
}
