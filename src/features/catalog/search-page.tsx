import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { gateway } from "../../lib/gateway";
import { ProductsDocument, type ProductsQuery } from "../../lib/gql/graphql";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { LIST_PER_PAGE, ListLoader, ListMessage } from "../../components/list-state";
import { CatalogListing } from "./catalog-listing";

const NO_RESULTS: ProductsQuery = { products: { totalItems: 0, items: [] } };

/** /shop/products?search=term: products whose code or name matches; no call for empty text. */
export function Component() {
  const { t, i18n } = useTranslation("catalog");
  const [params] = useSearchParams();
  const term = (params.get("search") ?? "").trim();
  const result = useGatewayQuery(
    () =>
      term === ""
        ? Promise.resolve(NO_RESULTS)
        : gateway(ProductsDocument, { search: term, perPage: LIST_PER_PAGE }),
    `search-${term}-${i18n.language}`,
  );
  if (result.status === "loading") return <ListLoader />;
  if (result.status === "error") return <ListMessage>{t("listing.loadError")}</ListMessage>;
  return (
    <CatalogListing
      title={term === "" ? t("search.title") : t("search.titleFor", { term })}
      products={result.data.products.items}
      emptyMessage={term === "" ? t("search.noTerm") : t("search.noResults", { term })}
    />
  );
}
