import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Stepper.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Tooltip.css";
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Radio,
  Select,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { variantLineName } from "../../../rules/line-name";
import { Link, useNavigate } from "react-router";
import {
  canFinish,
  poNumberProblem,
  checkoutMachine,
  limitsExceeded,
  PLACING_STATES,
  type CheckoutCustomer,
} from "../../../machines/checkout.machine";
import type { LimitExceeded } from "../../../rules/spending-limits";
import { MAX_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from "../../../rules/limits";
import { addressLabel } from "../../../machines/address-book.machine";
import { isCartLoading } from "../../../machines/cart.machine";
import { Price } from "../../components/price";
import { QuantityInput } from "../../components/quantity-input";
import { quantityOf, QUANTITY_RANGE } from "../../components/quantity";
import { gateway } from "../../lib/gateway";
import { registerLiveActor } from "../../lib/live-actors";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { countryName } from "../../../rules/format";
import { formatMoney } from "../../lib/money";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { changeThroughCart, useRunningCart } from "../../lib/cart";
import classes from "./checkout-lines.module.css";
import { CHECKOUT_TEXTS } from "./checkout-texts";
import { OrderConfirmation } from "./order-confirmation";
import { checkoutActors, type Address, type Cart, type PaymentMethod } from "./checkout.services";

const CardPaymentDialog = lazy(() =>
  import("../../components/card-payment/card-payment-dialog").then((m) => ({
    default: m.CardPaymentDialog,
  })),
);
const AddAddressDialog = lazy(() => import("./add-address-dialog"));

/** Server errors with a detail show as an error toast titled Error for 8 s (spec section 8). */
const ERROR_TOAST_MS = 8000;
/** The checkout's error toast: one at a time, taken away once its cause is fixed. */
const ERROR_TOAST_ID = "checkout-error";
/** Success toasts of the cart last 3.5 s, like the cart actor's. */
const SUCCESS_TOAST_MS = 3500;

/** 'Sku' is the last part of the slash-separated variant (spec section 2). */
export function skuOf(variantCode: string): string {
  return variantCode.split("/").pop() ?? variantCode;
}

/** The checkout page (storefront spec: checkout page); behaviour is the checkout machine's. */
export function Component() {
  const { t, i18n } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const navigate = useNavigate();
  const runningCart = useRunningCart();
  const cartActor = runningCart.actor;
  const logic = useMemo(
    () =>
      checkoutMachine.provide({
        actors: checkoutActors(
          gateway,
          (operation) => changeThroughCart(runningCart, operation),
          () =>
            new Promise<void>((resolve) => {
              cartActor.send({ type: "cart.refresh" });
              const sub = cartActor.subscribe((s) => {
                if (isCartLoading(s)) return;
                sub.unsubscribe();
                resolve();
              });
            }),
        ),
        actions: {
          notifyFailure: (_, { detail }) => {
            // One at a time: a newer error replaces the last, and a fix takes it away.
            notifications.hide(ERROR_TOAST_ID);
            notifications.show({
              id: ERROR_TOAST_ID,
              color: "red",
              title: t("error.title"),
              message: detail ?? t("error.generic"),
              autoClose: ERROR_TOAST_MS,
            });
          },
          notifyItemChanged: (_, { kind }) => {
            // The cart's own toasts (the mini-cart's texts), as when a product page changes it.
            const tCart = i18n.getFixedT(null, "cart");
            notifications.show({
              color: "green",
              title: tCart("toast.successTitle"),
              message: tCart(kind === "updated" ? "toast.updated" : "toast.removed"),
              autoClose: SUCCESS_TOAST_MS,
            });
          },
          notifyEmptied: () =>
            notifications.show({ color: "green", title: t("empty.emptied"), message: "" }),
          goToShop: () => void navigate("/shop"),
        },
      }),
    // One checkout actor per visit of the page.
    [],
  );
  const [snapshot, send, actor] = useMachine(logic);
  // Auditors follow this checkout on /machines (another tab of the same browser).
  useEffect(() => registerLiveActor("checkout", actor), [actor]);
  const { context } = snapshot;
  const cart = context.cart as Cart | null;
  // A coupon now applied: the toast refusing an earlier one no longer tells the truth.
  const couponCode = cart?.couponCode ?? null;
  useEffect(() => {
    if (couponCode) notifications.hide(ERROR_TOAST_ID);
  }, [couponCode]);

  if (snapshot.matches("loading"))
    return (
      <Center py={120}>
        <Loader color="clay" type="dots" aria-label={t("loading")} />
      </Center>
    );
  if (snapshot.matches("loadFailed"))
    return (
      <Container size="sm" py={80}>
        <Alert color="red" variant="light" title={t("error.title")}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t("error.load")}</Text>
            <Button variant="light" color="clay" onClick={() => send({ type: "retry" })}>
              {t("error.retry")}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  if (snapshot.matches("notAllowed"))
    return <Message title={t("notAllowed.title")} text={t("notAllowed.text")} />;
  if (snapshot.matches("empty") || snapshot.matches("emptied"))
    return <Message title={t("empty.title")} text={t("empty.text")} />;
  if (snapshot.matches("finishing"))
    return (
      <Center py={120}>
        <Loader color="clay" type="dots" aria-label={t("loading")} />
      </Center>
    );
  if (snapshot.matches("completed"))
    return (
      <OrderConfirmation
        orderToken={cart?.token ?? null}
        orderNumber={context.orderNumber}
        paymentMethods={context.paymentMethods as PaymentMethod[]}
      />
    );
  if (!cart) return null;

  // A coupon is applied or removed on the step it was asked from.
  const couponBusy =
    snapshot.matches({ active: "applyingCoupon" }) ||
    snapshot.matches({ active: "removingCoupon" });
  const step = couponBusy
    ? context.step === "overview"
      ? 0
      : 1
    : snapshot.matches({ active: "overview" }) ||
        snapshot.matches({ active: "updatingItem" }) ||
        snapshot.matches({ active: "removingItem" }) ||
        snapshot.matches({ active: "confirmingEmpty" }) ||
        snapshot.matches({ active: "emptying" })
      ? 0
      : 1;
  const busy = !(
    snapshot.matches({ active: "overview" }) || snapshot.matches({ active: "details" })
  );
  // The server's rule (decision 028): the items after the coupon, before shipping and tax.
  const belowMinimum = cart.itemsTotal < cart.minimalOrderValue;
  const method = context.paymentMethods.find((m) => m.code === context.paymentMethodCode);
  const paying = snapshot.matches({ active: "paying" });
  // Over the buyer's spending limit: placed awaiting approval, no card dialog (decision 043).
  const exceeded = step === 1 ? limitsExceeded(context) : [];
  const approval = exceeded.length > 0;

  return (
    <Container size="xl" py="xl">
      <Title order={1} ff="heading" fw={400} mb="lg">
        {t("title")}
      </Title>
      <Stepper active={step} color="clay" size="sm" mb="xl" allowNextStepsSelect={false}>
        <Stepper.Step label={t("steps.overview")} />
        <Stepper.Step label={t("steps.details")} />
      </Stepper>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {step === 0 ? (
            <Overview
              cart={cart}
              busy={busy}
              onQuantity={(itemId, quantity) =>
                send({ type: "item.setQuantity", itemId, quantity })
              }
              onRemove={(itemId) => send({ type: "item.remove", itemId })}
              onEmpty={() => send({ type: "emptyCart.ask" })}
            />
          ) : (
            <Details
              cart={cart}
              busy={busy}
              addresses={context.addresses as Address[]}
              shippingAddressId={context.shippingAddressId}
              billingAddressId={context.billingAddressId}
              paymentMethods={context.paymentMethods as PaymentMethod[]}
              paymentMethodCode={context.paymentMethodCode}
              note={context.note}
              poNumber={context.poNumber}
              poNumberRequired={context.customer?.poNumberRequired === true}
              placing={PLACING_STATES.some((state) => snapshot.matches({ active: state }))}
              loading={
                snapshot.matches({ active: "loadingAddresses" }) ||
                snapshot.matches({ active: "settingDefaultAddresses" }) ||
                snapshot.matches({ active: "loadingPaymentMethods" }) ||
                snapshot.matches({ active: "settingDefaultPaymentMethod" })
              }
              onShipping={(addressId) => send({ type: "shipping.select", addressId })}
              onAddAddress={() => send({ type: "address.add" })}
              onNote={(value) => send({ type: "note.change", value })}
              onPoNumber={(value) => send({ type: "poNumber.change", value })}
              onPaymentMethod={(code) => send({ type: "paymentMethod.select", code })}
              onBack={() => send({ type: "checkout.back" })}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Summary
            cart={cart}
            coupon={context.couponInput}
            couponError={
              context.couponFailure ? (context.couponFailure.detail ?? t("error.generic")) : null
            }
            busy={busy}
            onCoupon={(value) => send({ type: "coupon.change", value })}
            onApply={() => send({ type: "coupon.apply" })}
            onRemoveCoupon={() => send({ type: "coupon.remove" })}
          >
            {step === 0 ? (
              <Stack gap={6}>
                <Button
                  color="clay"
                  size="md"
                  fullWidth
                  className={classes.touch}
                  disabled={belowMinimum || busy}
                  loading={snapshot.matches({ active: "loadingAddresses" })}
                  onClick={() => send({ type: "checkout.next" })}
                >
                  {t("actions.checkout")}
                </Button>
                {belowMinimum && (
                  <Text size="sm" c="red.7" role="status" data-testid="minimum-message">
                    {t("minimum", {
                      minimum: formatMoney(
                        cart.minimalOrderValue,
                        cart.currencyCode,
                        i18n.language,
                      ),
                      missing: formatMoney(
                        cart.minimalOrderValue - cart.itemsTotal,
                        cart.currencyCode,
                        i18n.language,
                      ),
                    })}
                  </Text>
                )}
              </Stack>
            ) : (
              <Stack gap="sm">
                {approval && context.customer && (
                  <ApprovalNotice
                    customer={context.customer}
                    cart={cart}
                    exceeded={exceeded}
                    card={method?.isCard === true}
                  />
                )}
                <Button
                  color="clay"
                  size="md"
                  fullWidth
                  className={classes.touch}
                  disabled={!canFinish(snapshot)}
                  loading={busy && !paying}
                  onClick={() => send({ type: "checkout.complete" })}
                >
                  {approval
                    ? t("actions.submitForApproval")
                    : method?.isCard
                      ? t("actions.payAndComplete")
                      : t("actions.complete")}
                </Button>
                {/* A disabled button says why, next to it, once the page is ready for it. */}
                {snapshot.matches({ active: "details" }) &&
                  (poNumberProblem(context) !== null ? (
                    <Text size="sm" c="red.7" role="status" data-testid="complete-blocked">
                      {poNumberProblem(context) === "missing"
                        ? t("actions.needsPoNumber")
                        : t("actions.poNumberTooLong", { max: MAX_PO_NUMBER_LENGTH })}
                    </Text>
                  ) : context.shippingAddressId === null ? (
                    <Text size="sm" c="red.7" role="status" data-testid="complete-blocked">
                      {t("actions.needsShipping")}
                    </Text>
                  ) : null)}
              </Stack>
            )}
          </Summary>
        </Grid.Col>
      </Grid>
      <Modal
        opened={
          snapshot.matches({ active: "confirmingEmpty" }) ||
          snapshot.matches({ active: "emptying" })
        }
        onClose={() => send({ type: "emptyCart.cancel" })}
        title={t("empty.confirmTitle")}
        centered
      >
        <Stack>
          <Text size="sm">{t("empty.confirm")}</Text>
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="stone"
              onClick={() => send({ type: "emptyCart.cancel" })}
            >
              {t("empty.cancel")}
            </Button>
            <Button
              color="red"
              loading={snapshot.matches({ active: "emptying" })}
              onClick={() => send({ type: "emptyCart.confirm" })}
            >
              {t("empty.action")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {snapshot.matches({ active: "addingAddress" }) && (
        <Suspense fallback={null}>
          <AddAddressDialog
            onClose={() => send({ type: "address.cancel" })}
            onCreated={(address) => send({ type: "address.created", address })}
          />
        </Suspense>
      )}
      {paying && context.paymentMethodCode && (
        <Suspense fallback={null}>
          <CardPaymentDialog
            opened
            orderToken={cart.token}
            methodCode={context.paymentMethodCode}
            onClose={() => send({ type: "payment.closed" })}
            onPaid={(orderNumber) => send({ type: "payment.succeeded", orderNumber })}
            onApprovalRequired={() => send({ type: "payment.approvalRequired" })}
          />
        </Suspense>
      )}
    </Container>
  );
}

/**
 * Why the order will wait for approval: which of the buyer's limits it crosses, with the amounts,
 * and what happens then (by card: paid once approved).
 */
function ApprovalNotice(props: {
  customer: CheckoutCustomer;
  cart: Cart;
  exceeded: LimitExceeded[];
  card: boolean;
}) {
  const { t, i18n } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const own = props.customer.spendingLimits!;
  const total = props.cart.total;
  const { exceeded } = props;
  const money = (minor: number) => formatMoney(minor, props.cart.currencyCode, i18n.language);
  return (
    <Alert
      color="violet"
      variant="light"
      title={t("approval.title")}
      role="status"
      data-testid="approval-notice"
    >
      <Stack gap={6}>
        {exceeded.includes("perOrder") && (
          <Text size="sm">
            {t("approval.perOrder", { total: money(total), limit: money(own.orderLimit!) })}
          </Text>
        )}
        {exceeded.includes("perMonth") && (
          <Text size="sm">
            {t("approval.perMonth", {
              total: money(total),
              sum: money(own.spentThisMonth + total),
              limit: money(own.monthlyLimit!),
            })}
          </Text>
        )}
        <Text size="sm">{t("approval.then")}</Text>
        {props.card && <Text size="sm">{t("approval.card")}</Text>}
      </Stack>
    </Alert>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  const { t } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  return (
    <Container size="sm" py={100} ta="center">
      <Title order={2} ff="heading" fw={400} mb="sm">
        {title}
      </Title>
      <Text c="stone.7" mb="lg">
        {text}
      </Text>
      <Button component={Link} to="/shop" color="clay" variant="light">
        {t("backToShop")}
      </Button>
    </Container>
  );
}

function Overview(props: {
  cart: Cart;
  busy: boolean;
  onQuantity: (itemId: string, quantity: number) => void;
  onRemove: (itemId: string) => void;
  onEmpty: () => void;
}) {
  const { t } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const { cart } = props;
  return (
    <Stack gap="md">
      <div className={classes.lines}>
        <Stack gap="sm" role="list" aria-label={t("steps.overview")} data-testid="checkout-lines">
          <div className={classes.head} aria-hidden="true">
            <span className={classes.headProduct}>{t("lines.product")}</span>
            <span className={classes.rrp}>{t("lines.rrp")}</span>
            <span className={classes.price}>{t("lines.price")}</span>
            <span className={classes.qty}>{t("lines.quantity")}</span>
            <span className={classes.total}>{t("lines.total")}</span>
          </div>
          {cart.items.map((item) => (
            <Line
              key={item.id}
              item={item}
              currencyCode={cart.currencyCode}
              busy={props.busy}
              onQuantity={(q) => props.onQuantity(item.id, q)}
              onRemove={() => props.onRemove(item.id)}
            />
          ))}
        </Stack>
      </div>
      <Group justify="space-between">
        <Anchor component={Link} to="/shop" size="sm" c="stone.7" className={classes.touchLink}>
          {t("continueShopping")}
        </Anchor>
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="red.7"
          onClick={props.onEmpty}
          disabled={props.busy}
          className={classes.touchLink}
        >
          {t("empty.link")}
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * One order line: a card on narrow columns (image, name, remove; prices; quantity and line
 * total), a table-like row on wide ones (checkout-lines.module.css).
 */
function Line(props: {
  item: Cart["items"][number];
  currencyCode: string;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { t } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const { item } = props;
  const [quantity, setQuantity] = useState<string | number>(item.quantity);
  // The list re-syncs with the cart when it stops loading (spec section 4).
  const [shown, setShown] = useState(item.quantity);
  if (shown !== item.quantity) {
    setShown(item.quantity);
    setQuantity(item.quantity);
  }
  // What was typed stays as typed; an invalid quantity is marked and not sent.
  const wanted = quantityOf(quantity);
  return (
    <div className={classes.line} role="listitem" data-testid="checkout-line">
      <Image
        className={classes.img}
        src={item.images[0]?.path ?? null}
        fallbackSrc={PLACEHOLDER_IMAGE}
        alt=""
        w={56}
        h={56}
        fit="contain"
        bg="stone.0"
        radius="sm"
      />
      <Box className={classes.info}>
        <Anchor
          component={Link}
          to={`/shop/products/${item.productCode}?variant=${encodeURIComponent(item.variantCode)}`}
          c="stone.9"
          size="sm"
          data-testid="checkout-line-name"
        >
          {variantLineName(item.productName, item.variantName)}
        </Anchor>
        <Text size="xs" c="stone.6">
          {t("lines.sku", { sku: skuOf(item.variantCode) })}
        </Text>
      </Box>
      <Box className={classes.rrp}>
        <span className={classes.label}>{t("lines.rrp")}</span>
        <Price
          amount={item.originalUnitPrice}
          currencyCode={props.currencyCode}
          size="sm"
          c="stone.6"
        />
      </Box>
      <Box className={classes.price}>
        <span className={classes.label}>{t("lines.price")}</span>
        <Price amount={item.unitPrice} currencyCode={props.currencyCode} size="sm" />
      </Box>
      <Group gap={6} wrap="nowrap" className={classes.qty}>
        <QuantityInput
          value={quantity}
          onChange={setQuantity}
          w={96}
          size="sm"
          className={classes.touch}
          aria-label={t("lines.quantityOf", {
            name: variantLineName(item.productName, item.variantName),
          })}
          rangeError={t("lines.quantityRange", QUANTITY_RANGE)}
          fractionError={t("lines.quantityWhole", { value: quantity })}
          disabled={props.busy}
        />
        <Button
          size="sm"
          variant="light"
          color="clay"
          className={classes.touch}
          disabled={props.busy || wanted === null || wanted === item.quantity}
          onClick={() => wanted !== null && props.onQuantity(wanted)}
        >
          {t("lines.confirm")}
        </Button>
      </Group>
      <Box className={classes.total}>
        <span className={classes.label}>{t("lines.total")}</span>
        <Price amount={item.subtotal} currencyCode={props.currencyCode} size="sm" fw={600} />
      </Box>
      <ActionIcon
        className={classes.remove}
        size={44}
        variant="subtle"
        color="stone"
        aria-label={t("lines.remove", {
          name: variantLineName(item.productName, item.variantName),
        })}
        disabled={props.busy}
        onClick={props.onRemove}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </ActionIcon>
    </div>
  );
}

function Details(props: {
  cart: Cart;
  busy: boolean;
  loading: boolean;
  /** The order is being placed: the comment and PO number are read-only until it answers. */
  placing: boolean;
  addresses: Address[];
  shippingAddressId: string | null;
  billingAddressId: string | null;
  paymentMethods: PaymentMethod[];
  paymentMethodCode: string | null;
  note: string;
  poNumber: string;
  poNumberRequired: boolean;
  onShipping: (id: string) => void;
  onAddAddress: () => void;
  onNote: (value: string) => void;
  onPoNumber: (value: string) => void;
  onPaymentMethod: (code: string) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  if (props.loading)
    return (
      <Center py={80}>
        <Loader color="clay" type="dots" aria-label={t("loading")} />
      </Center>
    );
  // The country by its name in the reader's language, as in the address book (issue 30).
  const options = props.addresses.map((a) => ({
    value: a.id,
    label: addressLabel({ ...a, countryCode: countryName(a.countryCode, i18n.language) }),
  }));
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={2} fz="lg" fw={500}>
            {t("details.addresses")}
          </Title>
          <Select
            label={t("details.shipping")}
            placeholder={t("details.chooseShipping")}
            data={options}
            value={props.shippingAddressId}
            onChange={(value) => value && props.onShipping(value)}
            disabled={props.busy}
            allowDeselect={false}
            required
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="clay.7"
            className={classes.touchLink}
            disabled={props.busy}
            onClick={props.onAddAddress}
          >
            {t("details.addAddress")}
          </Anchor>
          <Select
            label={t("details.billing")}
            data={options}
            value={props.billingAddressId}
            disabled
            description={t("details.billingHint")}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <TextInput
            label={t("details.poNumber")}
            value={props.poNumber}
            onChange={(e) => props.onPoNumber(e.currentTarget.value)}
            // Kept as typed past the maximum, and said so (issue 30: it was cut silently).
            error={
              props.poNumber.trim().length > MAX_PO_NUMBER_LENGTH
                ? t("details.poNumberTooLong", {
                    max: MAX_PO_NUMBER_LENGTH,
                    count: props.poNumber.trim().length,
                  })
                : undefined
            }
            readOnly={props.placing}
            required={props.poNumberRequired}
            autoComplete="off"
            description={t(
              props.poNumberRequired ? "details.poNumberRequired" : "details.poNumberOptional",
              { max: MAX_PO_NUMBER_LENGTH },
            )}
            data-testid="po-number"
          />
          <Textarea
            label={t("details.comment")}
            value={props.note}
            onChange={(e) => props.onNote(e.currentTarget.value.slice(0, MAX_NOTE_LENGTH))}
            maxLength={MAX_NOTE_LENGTH}
            readOnly={props.placing}
            autosize
            minRows={3}
            description={t("details.commentCount", {
              count: props.note.length,
              max: MAX_NOTE_LENGTH,
            })}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Radio.Group
          label={t("details.payment")}
          value={props.paymentMethodCode}
          onChange={props.onPaymentMethod}
        >
          <Stack gap="xs" mt="xs">
            {props.paymentMethods.map((m) => (
              <Radio
                key={m.code}
                value={m.code}
                label={m.isCard ? t("details.card") : t("details.invoice")}
                // The method's name is the database's English: the hint is the reader's.
                description={m.isCard ? undefined : t("details.invoiceHint")}
                disabled={props.busy}
                color="clay"
              />
            ))}
          </Stack>
        </Radio.Group>
      </Paper>
      <Group>
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="stone.7"
          className={classes.touchLink}
          disabled={props.busy}
          onClick={props.onBack}
        >
          {t("details.back")}
        </Anchor>
      </Group>
    </Stack>
  );
}

function Summary(props: {
  cart: Cart;
  coupon: string;
  /** Why the coupon typed was refused, under its field. */
  couponError: string | null;
  busy: boolean;
  onCoupon: (value: string) => void;
  onApply: () => void;
  onRemoveCoupon: () => void;
  children: React.ReactNode;
}) {
  const { t } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const { cart } = props;
  // Each amount line carries its minor units (`data-amount`) and whether it is a term of the
  // total (`data-summand`): subtotal, promotion, shipping and tax add up to the total.
  const row = (
    label: React.ReactNode,
    amount: number,
    testId: string,
    kind: "summand" | "total" | "other",
  ) => (
    <Group
      justify="space-between"
      data-testid={testId}
      data-amount={amount}
      data-summand={kind === "summand" ? "" : undefined}
    >
      <Text size="sm" fw={kind === "total" ? 600 : 400}>
        {label}
      </Text>
      <Price
        amount={amount}
        currencyCode={cart.currencyCode}
        size="sm"
        fw={kind === "total" ? 600 : 400}
      />
    </Group>
  );
  const pending = cart.shippingAddress == null;
  const later = (label: string, testId: string) => (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={testId}>
      <Text size="sm">{label}</Text>
      <Text size="sm" c="stone.6" ta="right" data-testid={`${testId}-later`}>
        {t("summary.nextStep")}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder p="lg" radius="md" bg="stone.0" pos="sticky" top={16}>
      <Stack gap="sm">
        <Title order={2} fz="lg" fw={500}>
          {t("summary.title")}
        </Title>
        {/* The subtotal before promotions, then the discount: the lines add up to the total. */}
        {row(t("summary.subtotal"), cart.itemsSubtotal, "summary-subtotal", "summand")}
        {cart.orderPromotionTotal !== 0 &&
          row(t("summary.promotion"), cart.orderPromotionTotal, "summary-promotion", "summand")}
        {/* Shipping and tax follow the shipping address: until the cart has one they are not
            0.00, they are not known yet, and the last line is not yet the order's total. */}
        {pending ? (
          <>
            {later(t("summary.shipping"), "summary-shipping")}
            {later(t("summary.tax"), "summary-tax")}
            {row(t("summary.totalSoFar"), cart.total, "summary-total", "total")}
          </>
        ) : (
          <>
            {row(t("summary.shipping"), cart.shippingTotal, "summary-shipping", "summand")}
            {row(t("summary.tax"), cart.taxTotal + cart.shippingTaxTotal, "summary-tax", "summand")}
            {row(t("summary.total"), cart.total, "summary-total", "total")}
          </>
        )}
        {row(
          <Tooltip
            label={t("summary.profitHint")}
            multiline
            w={260}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <Text span size="sm" style={{ textDecoration: "underline dotted", cursor: "help" }}>
              {t("summary.profit")}
            </Text>
          </Tooltip>,
          cart.profit,
          "summary-profit",
          "other",
        )}
        <Box mt="xs">
          {cart.couponCode ? (
            <Group justify="space-between">
              <Text size="sm">{t("summary.couponApplied", { code: cart.couponCode })}</Text>
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="stone.7"
                className={classes.touchLink}
                onClick={props.onRemoveCoupon}
                disabled={props.busy}
              >
                {t("summary.removeCoupon")}
              </Anchor>
            </Group>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                props.onApply();
              }}
            >
              <Group gap="xs" align="flex-end" wrap="nowrap" className={classes.touch}>
                <TextInput
                  label={t("summary.coupon")}
                  value={props.coupon}
                  onChange={(e) => props.onCoupon(e.currentTarget.value)}
                  style={{ flex: 1 }}
                  maxLength={64}
                  // Marked here, said below the row: the Apply button stays beside the field.
                  error={props.couponError !== null}
                  aria-describedby={props.couponError ? "coupon-error" : undefined}
                  data-testid="coupon-input"
                />
                <Button
                  type="submit"
                  variant="light"
                  color="clay"
                  disabled={props.coupon.trim() === "" || props.busy}
                >
                  {t("summary.apply")}
                </Button>
              </Group>
              {props.couponError && (
                <Text id="coupon-error" size="sm" c="red.8" mt={4} role="alert">
                  {props.couponError}
                </Text>
              )}
            </form>
          )}
        </Box>
        <Box mt="sm">{props.children}</Box>
      </Stack>
    </Paper>
  );
}
