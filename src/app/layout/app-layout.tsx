import { Anchor, Box, Container, Divider, Group, Stack, Text } from "@mantine/core";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { BRAND } from "../../lib/brand";
import { readSession } from "../../lib/storage";
import { CartProvider } from "../cart";
import { MiniCart } from "./mini-cart";
import { QuickOrderLink } from "../../features/quick-order/quick-order-link";
import { CookieBar } from "./cookie-bar";
import { LanguageSelect } from "./language-select";
import { ProductsMenu } from "./products-menu";
import { SearchBox } from "./search-box";

const navLink: CSSProperties = {
  fontSize: 13,
  letterSpacing: "0.14em",
  textTransform: "uppercase",
  color: "var(--mantine-color-stone-8)",
  textDecoration: "none",
};

/** The chrome of every page: top bar, header with brand and navigation, cookie bar, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  // Re-read on every navigation: signing in or out changes what the chrome offers.
  useLocation();
  const session = readSession();
  const signedIn = session !== null;
  const page = (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }} bg="white">
      <Box bg="stone.1" style={{ borderBottom: "1px solid var(--mantine-color-stone-2)" }}>
        <Container size="xl">
          <Group justify="flex-end" gap="lg" h={36}>
            {signedIn && (
              <Anchor component={Link} to="/shop/help" size="xs" c="stone.7">
                {t("topbar.help")}
              </Anchor>
            )}
            <Anchor component={Link} to="/privacy/terms-and-conditions" size="xs" c="stone.7">
              {t("topbar.terms")}
            </Anchor>
            <Anchor component={Link} to="/privacy/privacy-policy" size="xs" c="stone.7">
              {t("topbar.privacy")}
            </Anchor>
            <LanguageSelect />
          </Group>
        </Container>
      </Box>
      <Box component="header" style={{ borderBottom: "1px solid var(--mantine-color-stone-2)" }}>
        <Container size="xl" py="md">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={signedIn ? "/shop" : "/"} underline="never">
              <Stack gap={0}>
                <Text
                  ff="heading"
                  fz={28}
                  c="stone.9"
                  style={{ letterSpacing: "0.04em", lineHeight: 1 }}
                >
                  {BRAND.name}
                </Text>
                <Text fz={10} c="clay.6" style={{ letterSpacing: "0.3em" }} tt="uppercase">
                  {t("brand.tagline")}
                </Text>
              </Stack>
            </Anchor>
            {signedIn && (
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
                <QuickOrderLink style={navLink} sessionKey={session.token} />
              </Group>
            )}
            {signedIn ? (
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
            ) : (
              <Link to="/product-catalog" style={navLink}>
                {t("nav.catalogue", { product: BRAND.product })}
              </Link>
            )}
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Divider color="stone.2" />
      <Box component="footer" py="lg" pb={80}>
        <Container size="xl">
          <Text size="xs" c="stone.6" ta="center" style={{ letterSpacing: "0.06em" }}>
            {t("footer.copyright", { year: new Date().getFullYear(), brand: BRAND.name })}
          </Text>
        </Container>
      </Box>
      <CookieBar />
    </Box>
  );
  return <CartProvider token={session?.token ?? null}>{page}</CartProvider>;
}
