import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Burger.css";
import { Anchor, Box, Burger, Group } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { QuickOrderLink } from "../../features/quick-order/quick-order-link";
import { BRAND } from "../../lib/brand";
import { CartReady } from "../../lib/cart";
import { useIsClient } from "../../lib/server-render";
import { CartIcon, MiniCart } from "./mini-cart";
import { navLink } from "./nav-link";
import { ProductsMenu } from "./products-menu";
import { SearchBox } from "./search-box";

/** The drawer (Mantine Drawer, focus trap, scroll lock) loads when the burger is first tapped. */
const MenuDrawer = lazy(() => import("./menu-drawer"));

/** The header navigation of a signed-in visit; `session` re-reads the roles for quick order. */
export function ShopNav({ session }: { session: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={24} component="nav" aria-label={t("nav.label")} wrap="nowrap">
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
      <QuickOrderLink style={navLink} sessionKey={session} />
    </Group>
  );
}

/** The account icon link of the header. */
export function AccountIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="8.5" r="3.5" stroke="currentColor" strokeWidth="1.4" />
      <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

/**
 * Search, the account link and the mini-cart of a signed-in visit. On a phone search and
 * account are in the menu drawer only; the cart stays one tap away at every width. Rendered on
 * the server too: until the cart runs its icon holds the mini-cart's place, so nothing in the
 * header moves when it comes (issue 30: the navigation jumped left on a first paint).
 */
export function ShopTools() {
  const { t } = useTranslation();
  const hydrated = useIsClient();
  const pending = (
    <Box c="stone.8" className="pp-header-icon" data-testid="mini-cart-pending">
      <CartIcon />
    </Box>
  );
  return (
    <Group gap="xs" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" className="pp-header-wide">
        <SearchBox w={200} />
        <Anchor
          component={Link}
          to="/shop/account"
          c="stone.8"
          aria-label={t("nav.account")}
          data-testid="account-link"
          className="pp-header-icon"
        >
          <AccountIcon />
        </Anchor>
      </Group>
      {/* The server's HTML has the stand-in: hydration renders it too (this boundary may
          hydrate after the cart has started), the mini-cart follows. */}
      {hydrated ? (
        <CartReady fallback={pending}>
          <MiniCart />
        </CartReady>
      ) : (
        pending
      )}
    </Group>
  );
}

/**
 * The burger of a signed-in visit below the header's breakpoint, and its drawer. Any
 * navigation closes the drawer (a link, a search, the browser's back button).
 */
export function ShopMenu({ session }: { session: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const location = useLocation();
  const at = location.pathname + location.search;
  const [openedAt, setOpenedAt] = useState(at);
  if (openedAt !== at) {
    setOpenedAt(at);
    setOpened(false);
  }
  return (
    <>
      <Burger
        opened={opened}
        size="sm"
        color="stone.8"
        aria-label={t("nav.menu")}
        aria-expanded={opened}
        data-testid="menu-burger"
        className="pp-header-icon"
        onClick={() => {
          setEverOpened(true);
          setOpened((open) => !open);
        }}
      />
      {everOpened && (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={() => setOpened(false)} session={session} />
        </Suspense>
      )}
    </>
  );
}
