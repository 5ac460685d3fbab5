import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import { Anchor, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QuickOrderLink } from "../../features/quick-order/quick-order-link";
import { BRAND } from "../../lib/brand";
import { MiniCart } from "./mini-cart";
import { navLink } from "./nav-link";
import { ProductsMenu } from "./products-menu";
import { SearchBox } from "./search-box";

/** The header navigation of a signed-in visit; `token` re-reads the roles for quick order. */
export function ShopNav({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xl" component="nav" aria-label={t("nav.label")} wrap="nowrap">
      <ProductsMenu linkStyle={navLink} />
      <Link to="/shop/treatments" style={navLink}>
        {t("nav.treatments")}
      </Link>
      <Link to="/shop/about" style={navLink}>
        {t("nav.about")}
      </Link>
      <Link to="/product-catalog" style={navLink}>
        {t("nav.catalogue", { product: BRAND.product })}
      </Link>
      <QuickOrderLink style={navLink} sessionKey={token} />
    </Group>
  );
}

/** Search, the account link and the mini-cart of a signed-in visit. */
export function ShopTools() {
  const { t } = useTranslation();
  return (
    <Group gap="lg" wrap="nowrap">
      <SearchBox />
      <Anchor
        component={Link}
        to="/shop/account"
        c="stone.8"
        aria-label={t("nav.account")}
        data-testid="account-link"
        style={{ display: "inline-flex" }}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <circle cx="12" cy="8.5" r="3.5" stroke="currentColor" strokeWidth="1.4" />
          <path
            d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5"
            stroke="currentColor"
            strokeWidth="1.4"
          />
        </svg>
      </Anchor>
      <MiniCart />
    </Group>
  );
}
