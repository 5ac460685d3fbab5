import "@mantine/core/styles/Drawer.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Divider.css";
import { Divider, Drawer, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QuickOrderLink } from "../../features/quick-order/quick-order-link";
import { BRAND } from "../../lib/brand";
import { gateway } from "../../lib/gateway";
import { NavigationDocument } from "../../lib/gql/graphql";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { LanguageSelect } from "./language-select";
import { SearchBox } from "./search-box";

/** The media query of the header's desktop layout (header.css). */
const DESKTOP = "(min-width: 80em)";

/**
 * The menu drawer of a signed-in visit below the header's breakpoint: search, the navigation
 * (Products with its categories, Treatments, About, the catalogue, quick order where the role
 * allows it), the account, help and the language. It closes when the window grows to the
 * desktop layout, whose header shows all of it.
 */
export default function MenuDrawer({
  opened,
  onClose,
  session,
}: {
  opened: boolean;
  onClose: () => void;
  session: string;
}) {
  const { t, i18n } = useTranslation();
  const desktop = useMediaQuery(DESKTOP);
  useEffect(() => {
    if (desktop && opened) onClose();
  }, [desktop, opened, onClose]);
  const navigation = useGatewayQuery(() => gateway(NavigationDocument), `nav-${i18n.language}`);
  const categories = navigation.status === "success" ? navigation.data.navigation : [];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="xs"
      title={t("nav.menu")}
      closeButtonProps={{ "aria-label": t("nav.closeMenu"), size: "lg" }}
      data-testid="menu-drawer"
    >
      <Stack gap="md">
        <SearchBox w="100%" />
        <nav aria-label={t("nav.label")} className="pp-drawer-nav">
          <Text size="xs" c="stone.6" tt="uppercase" style={{ letterSpacing: "0.12em" }} px="xs">
            {t("nav.products")}
          </Text>
          {categories.map((category) => (
            <Link key={category.code} to={`/shop/category/${category.code}`}>
              {category.name}
            </Link>
          ))}
          <Divider color="stone.2" my="xs" />
          <Link to="/shop/treatments">{t("nav.treatments")}</Link>
          <Link to="/shop/about">{t("nav.about")}</Link>
          <Link to="/product-catalog">{t("nav.catalogue", { product: BRAND.product })}</Link>
          <QuickOrderLink style={{}} sessionKey={session} />
          <Divider color="stone.2" my="xs" />
          <Link to="/shop/account" data-testid="drawer-account-link">
            {t("nav.account")}
          </Link>
          <Link to="/shop/help">{t("topbar.help")}</Link>
        </nav>
        <LanguageSelect testId="drawer-language-select" />
      </Stack>
    </Drawer>
  );
}
