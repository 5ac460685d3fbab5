import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Stack.css";
import {
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  HoverCard,
  Image,
  Loader,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { canOrder, useCustomer } from "../customer";
import { Price } from "../../components/price";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { CartContext, useCart, useCartActor } from "../../lib/cart";
import { variantLineName } from "../../../rules/line-name";

const SaveShoppingListDialog = lazy(() => import("./save-shopping-list-dialog"));

/** The badge's largest number; above it shows '999+' (the label has the full count). */
const MAX_SHOWN_COUNT = 999;

/** Lines shown in the hover card; the rest is summed up in one line. */
const SHOWN_LINES = 4;

/** The cart's icon (also the mini-cart's stand-in until the cart runs). */
export function CartIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M5 7h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8L5 7Z"
        stroke="currentColor"
        strokeWidth="1.4"
      />
      <path d="M9 9V6a3 3 0 0 1 6 0v3" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

/**
 * The cart in the header: its item count, and on hover the lines, the subtotal (shipping and tax
 * come at checkout), 'Review and checkout' and 'Save for later' (saves the cart as a list); the
 * marketing role, who has no checkout, is told its cart composes a list and gets 'Save as list'.
 */
export function MiniCart() {
  const { t } = useTranslation("cart");
  const { cart, loading } = useCart();
  const actor = useCartActor();
  const customer = useCustomer();
  const [saving, setSaving] = useState(false);
  // A new page closes the dropdown (issue 30: after 'Review and checkout' it stayed open over
  // the checkout, the pointer still on it): a fresh HoverCard per path.
  const { pathname } = useLocation();
  const unavailable = CartContext.useSelector((s) => s.matches("unavailable"));
  const count = cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  const ordering = customer.status === "success" && canOrder(customer.data);
  // Known to have no checkout (MARKETING); unknown while the customer loads.
  const composing = customer.status === "success" && !!customer.data && !ordering;
  return (
    <>
      <HoverCard
        key={pathname}
        width="min(360px, calc(100vw - 24px))"
        position="bottom-end"
        // Hidden while the save dialog is open, so it never covers the dialog.
        disabled={saving}
        shadow="md"
        openDelay={60}
        closeDelay={160}
        // Without a checkout to go to, a tap on a phone opens the cart's contents (and 'Save as
        // list') instead of going nowhere.
        events={{ hover: true, focus: true, touch: composing }}
      >
        <HoverCard.Target>
          <UnstyledButton
            component={Link}
            to={ordering ? "/checkout" : "#"}
            onClick={ordering ? undefined : (event: MouseEvent) => event.preventDefault()}
            aria-label={`${t("mini.label")}: ${t("mini.count", { count })}`}
            data-testid="mini-cart"
            c="stone.8"
            pos="relative"
            className="pp-header-icon"
          >
            <CartIcon />
            {count > 0 && (
              // A pill as wide as its digits: a fixed circle clipped '12' to '1.'.
              <Badge
                size="sm"
                color="clay"
                pos="absolute"
                top={0}
                left={26}
                miw={20}
                px={5}
                styles={{ label: { overflow: "visible" } }}
                data-testid="mini-cart-count"
              >
                {count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : count}
              </Badge>
            )}
          </UnstyledButton>
        </HoverCard.Target>
        <HoverCard.Dropdown>
          <Stack gap="sm" data-testid="mini-cart-dropdown">
            <Group justify="space-between">
              <Text ff="heading" fz="lg">
                {t("mini.title")}
              </Text>
              {loading && <Loader size="xs" color="clay" aria-label={t("mini.loading")} />}
            </Group>
            {unavailable ? (
              <Group justify="space-between">
                <Text size="sm" c="red.7">
                  {t("mini.unavailable")}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => actor.send({ type: "cart.refresh" })}
                >
                  {t("mini.retry")}
                </Button>
              </Group>
            ) : !cart || cart.items.length === 0 ? (
              <Text size="sm" c="stone.6">
                {t("mini.empty")}
              </Text>
            ) : (
              <>
                {cart.items.slice(0, SHOWN_LINES).map((item) => (
                  <Group key={item.id} gap="sm" wrap="nowrap" data-testid="mini-cart-line">
                    <Image
                      src={item.images[0]?.path ?? null}
                      fallbackSrc={PLACEHOLDER_IMAGE}
                      alt=""
                      w={44}
                      h={44}
                      fit="contain"
                      bg="stone.0"
                      radius="sm"
                    />
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      {/* Product and variant ("… — Rose", decision 051); two lines at most. */}
                      <Text size="sm" lineClamp={2} data-testid="mini-cart-line-name">
                        {variantLineName(item.productName, item.variantName)}
                      </Text>
                      <Text size="xs" c="stone.6">
                        {t("mini.quantity", { quantity: item.quantity })}
                      </Text>
                    </Box>
                    <Price amount={item.subtotal} currencyCode={cart.currencyCode} size="sm" />
                  </Group>
                ))}
                {cart.items.length > SHOWN_LINES && (
                  <Text size="xs" c="stone.6">
                    {t("mini.more", { count: cart.items.length - SHOWN_LINES })}
                  </Text>
                )}
                <Divider color="stone.2" />
                <Group justify="space-between">
                  <Text size="sm">{t("mini.subtotal")}</Text>
                  <Price
                    amount={cart.itemsTotal}
                    currencyCode={cart.currencyCode}
                    fw={600}
                    data-testid="mini-cart-subtotal"
                  />
                </Group>
                <Text size="xs" c="stone.6" data-testid="mini-cart-before-shipping">
                  {t("mini.beforeShipping")}
                </Text>
                {!composing ? (
                  <>
                    {ordering && (
                      <Button component={Link} to="/checkout" color="clay" fullWidth h={44}>
                        {t("mini.checkout")}
                      </Button>
                    )}
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      c="stone.7"
                      mih={44}
                      disabled={loading}
                      onClick={() => setSaving(true)}
                    >
                      {t("mini.saveForLater")}
                    </Anchor>
                  </>
                ) : (
                  // No checkout for this role (MARKETING): the cart composes a list to keep.
                  <>
                    <Text size="sm" c="stone.8" data-testid="mini-cart-composing">
                      {t("mini.composing")}
                    </Text>
                    <Button
                      color="clay"
                      fullWidth
                      h={44}
                      disabled={loading}
                      onClick={() => setSaving(true)}
                    >
                      {t("mini.saveAsList")}
                    </Button>
                  </>
                )}
              </>
            )}
          </Stack>
        </HoverCard.Dropdown>
      </HoverCard>
      {saving && (
        <Suspense fallback={null}>
          <SaveShoppingListDialog onClose={() => setSaving(false)} />
        </Suspense>
      )}
    </>
  );
}
