import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Stack.css";
import { Anchor, Box, Container, Divider, Group, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { BRAND } from "../../lib/brand";
import { readSession } from "../../lib/storage";
import { CartProvider } from "../cart";
import { usePageTitle } from "../page-title";
import { useStoredSessionCustomer } from "../session";
import { DeferredCookieBar } from "./deferred-cookie-bar";
import "./header.css";
import { navLink } from "./nav-link";

/**
 * The signed-in chrome (navigation with its menus, search, account, mini-cart) and the language
 * menu load as their own chunks: signed-out pages never fetch their popovers (decision 022).
 * A stored session starts the fetch at once, alongside the page's own chunk.
 */
const loadShopChrome = () => import("./shop-chrome");
if (readSession()) void loadShopChrome();
const ShopNav = lazy(() => loadShopChrome().then((m) => ({ default: m.ShopNav })));
const ShopTools = lazy(() => loadShopChrome().then((m) => ({ default: m.ShopTools })));
const ShopMenu = lazy(() => loadShopChrome().then((m) => ({ default: m.ShopMenu })));
const LanguageSelect = lazy(() =>
  import("./language-select").then((m) => ({ default: m.LanguageSelect })),
);

/**
 * The chrome of every page: top bar, header with brand and navigation, cookie bar, footer.
 * Below the header's breakpoint (header.css, decision 027) a signed-in visit gets a burger
 * whose drawer holds the navigation, search, account and language; the cart stays in the bar.
 */
export function AppLayout() {
  const { t } = useTranslation();
  usePageTitle();
  // The chrome follows the stored session: signing in or out, or its expiry, changes it at once.
  const customer = useStoredSessionCustomer();
  const signedIn = customer !== null;
  const page = (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }} bg="white">
      <Box bg="stone.1" style={{ borderBottom: "1px solid var(--mantine-color-stone-2)" }}>
        <Container size="xl">
          <div className="pp-topbar">
            {signedIn && (
              <Anchor
                component={Link}
                to="/shop/help"
                size="xs"
                c="stone.7"
                className="pp-topbar-link pp-header-desktop"
              >
                {t("topbar.help")}
              </Anchor>
            )}
            <Anchor
              component={Link}
              to="/privacy/terms-and-conditions"
              size="xs"
              c="stone.7"
              className="pp-topbar-link"
            >
              {t("topbar.terms")}
            </Anchor>
            <Anchor
              component={Link}
              to="/privacy/privacy-policy"
              size="xs"
              c="stone.7"
              className="pp-topbar-link"
            >
              {t("topbar.privacy")}
            </Anchor>
            {/* A signed-in visit finds help and the language in the menu drawer below the
                header's breakpoint, so the top bar keeps to one line on a phone. */}
            <Box className={signedIn ? "pp-header-desktop" : undefined}>
              <Suspense fallback={<Box w={110} h={30} />}>
                <LanguageSelect />
              </Suspense>
            </Box>
          </div>
        </Container>
      </Box>
      <Box component="header" style={{ borderBottom: "1px solid var(--mantine-color-stone-2)" }}>
        <Container size="xl" py={{ base: "xs", md: "sm" }}>
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {signedIn && (
                <Box className="pp-header-compact">
                  <Suspense fallback={<Box w={44} h={44} />}>
                    <ShopMenu session={customer} />
                  </Suspense>
                </Box>
              )}
              <Anchor
                component={Link}
                to={signedIn ? "/shop" : "/"}
                underline="never"
                style={{ minWidth: 0 }}
                className="pp-touch-link"
              >
                <Stack gap={0}>
                  <Text
                    ff="heading"
                    fz={{ base: 24, xs: 28 }}
                    c="stone.9"
                    style={{ letterSpacing: "0.04em", lineHeight: 1, whiteSpace: "nowrap" }}
                  >
                    {BRAND.name}
                  </Text>
                  <Text
                    fz={10}
                    c="clay.6"
                    style={{ letterSpacing: "0.3em", whiteSpace: "nowrap" }}
                    tt="uppercase"
                  >
                    {t("brand.tagline")}
                  </Text>
                </Stack>
              </Anchor>
            </Group>
            {signedIn && (
              <Box className="pp-header-desktop">
                <Suspense fallback={null}>
                  <ShopNav session={customer} />
                </Suspense>
              </Box>
            )}
            {signedIn ? (
              <Suspense fallback={null}>
                <ShopTools />
              </Suspense>
            ) : (
              <Link to="/product-catalog" style={navLink}>
                {t("nav.catalogue", { product: BRAND.product })}
              </Link>
            )}
          </Group>
        </Container>
      </Box>
      {/* At least a screen high, so the footer starts below the fold: a page filling in after
          its data loads does not push it down in view (layout shift, decision 022). */}
      <Box component="main" mih="100vh" style={{ flex: 1 }}>
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
      <DeferredCookieBar />
    </Box>
  );
  return <CartProvider session={customer}>{page}</CartProvider>;
}
