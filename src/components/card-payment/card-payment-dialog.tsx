import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { lazy, Suspense, useMemo, useState } from "react";
import { cardPaymentMachine } from "../../../machines/card-payment.machine";
import { Price } from "../price";
import { useDialogLayout } from "../../lib/dialog-layout";
import { gateway } from "../../lib/gateway";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { PAYMENT_TEXTS } from "./payment-texts";
import { cardPaymentActors } from "./payment.services";

// Adyen's Drop-in (and its styles) load only when a dialog with a real client key opens.
const AdyenDropin = lazy(() => import("./adyen-dropin"));

export interface CardPaymentDialogProps {
  opened: boolean;
  /** The cart (checkout) or the placed order with an open balance ('Pay now'). */
  orderToken: string;
  /** The placed order's number ('Pay now'): the dialog's title names the order it pays. */
  orderNumber?: string | null;
  /** The card payment method; omitted: the card method of the payment methods list. */
  methodCode?: string;
  onClose: () => void;
  /** After a successful payment (the server has placed or marked the order). */
  onPaid: (orderNumber: string | null) => void;
  /**
   * The server charged nothing: the cart is over the buyer's spending limit (checkout places it
   * awaiting approval instead). Only a cart can be; without it, the dialog says so.
   */
  onApprovalRequired?: () => void;
}

/** The 'Order payment' dialog (account spec sections 2, 4 and 8). */
export function CardPaymentDialog(props: CardPaymentDialogProps) {
  const { t } = useLazyNamespace("payment", PAYMENT_TEXTS);
  const { fullScreen } = useDialogLayout();
  return (
    <Modal
      fullScreen={fullScreen}
      opened={props.opened}
      onClose={props.onClose}
      title={props.orderNumber ? t("titleForOrder", { number: props.orderNumber }) : t("title")}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {props.opened && <CardPayment {...props} />}
    </Modal>
  );
}

function CardPayment(props: CardPaymentDialogProps) {
  const { t } = useLazyNamespace("payment", PAYMENT_TEXTS);
  // Kept here, not in the form: 'Try again' shows the form again with what was typed (the
  // security code excepted, which is asked for again).
  const [fields, setFields] = useState<CardFields>(EMPTY_CARD);
  // After 'Try again' the security code field says why it is empty, and has the focus.
  const [retried, setRetried] = useState(false);
  const logic = useMemo(
    () =>
      cardPaymentMachine.provide({
        actors: cardPaymentActors(gateway),
        actions: {
          reportPaid: (_, { orderNumber }) => {
            notifications.show({
              color: "green",
              title: t("successTitle"),
              message: t("success"),
              autoClose: 8000,
            });
            props.onPaid(orderNumber);
          },
          reportApprovalRequired: () => props.onApprovalRequired?.(),
        },
      }),
    // One payment actor per opening of the dialog.
    [],
  );
  const [snapshot, send, actor] = useMachine(logic, {
    input: { orderToken: props.orderToken, methodCode: props.methodCode ?? "" },
  });
  const { setup, answer, failure } = snapshot.context;
  const submitting = snapshot.matches("submitting") || snapshot.matches("submittingDetails");

  if (snapshot.matches("loadingSetup"))
    return (
      <Center py="xl">
        <Loader color="clay" type="dots" aria-label={t("loading")} />
      </Center>
    );
  if (snapshot.matches("succeeded"))
    return (
      <Stack>
        <Alert color="green" variant="light" role="status" data-testid="payment-success">
          {t("success")}
        </Alert>
        <Group justify="flex-end">
          <Button color="clay" h={44} onClick={props.onClose}>
            {t("close")}
          </Button>
        </Group>
      </Stack>
    );
  if (snapshot.matches("heldForApproval"))
    return (
      <Stack>
        <Alert color="violet" variant="light" role="status" data-testid="payment-held">
          {t("heldForApproval")}
        </Alert>
        <Group justify="flex-end">
          <Button color="clay" h={44} onClick={props.onClose}>
            {t("close")}
          </Button>
        </Group>
      </Stack>
    );
  if (snapshot.matches("failed"))
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert" data-testid="payment-failure">
          <Text size="sm">{t("failure")}</Text>
          {answer && (
            <Text size="sm" mt={4} fw={600} data-testid="payment-result-code">
              {t(`refusal.${refusalKey(answer.resultCode, answer.refusalReason)}`)}
            </Text>
          )}
          {!answer && failure && (
            <Text size="sm" mt={4}>
              {failure}
            </Text>
          )}
        </Alert>
        <Group justify="flex-end">
          <Button variant="subtle" color="stone" h={44} onClick={props.onClose}>
            {t("close")}
          </Button>
          <Button
            color="clay"
            h={44}
            onClick={() => {
              setRetried(true);
              send({ type: "payment.retry" });
            }}
          >
            {t("tryAgain")}
          </Button>
        </Group>
      </Stack>
    );
  if (!setup) return null;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="stone.7">
          {t("amount")}
        </Text>
        <Price
          amount={setup.amount.value}
          currencyCode={setup.amount.currency}
          fw={600}
          data-testid="payment-amount"
        />
      </Group>
      {setup.provider === "adyen" ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader color="clay" type="dots" />
            </Center>
          }
        >
          <AdyenDropin setup={setup} actor={actor} />
        </Suspense>
      ) : snapshot.matches("additionalAction") || snapshot.matches("submittingDetails") ? (
        <TestChallenge
          action={answer?.action ?? null}
          busy={submitting}
          onSubmit={(data) => send({ type: "payment.details", data })}
        />
      ) : (
        <TestCardForm
          busy={submitting}
          retried={retried}
          fields={fields}
          onFieldsChange={setFields}
          onSubmit={(data) => {
            setFields((f) => ({ ...f, cvc: "" }));
            send({ type: "payment.submit", data });
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The expiry as typed, formatted while typing (issue 30): digits only, a slash after the month
 * once the year begins ("0330" reads "03/30", "03/2030" stays), a lone month digit from 2 to 9
 * is that month ("3" reads "03/"). Deleting back over the slash leaves the month alone.
 */
export function formatExpiryInput(raw: string, previous = ""): string {
  const digits = raw.replace(/\D/g, "").slice(0, 6);
  // Backspace over an automatic slash: "03/" becomes "03", not "03/" again.
  if (previous.endsWith("/") && raw === previous.slice(0, -1)) return digits.slice(0, 2);
  if (digits.length === 1 && digits >= "2") return `0${digits}/`;
  if (digits.length <= 2) return digits.length === 2 && raw.endsWith("/") ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * The card number as typed, in groups of four digits (issue 30: "4000000000000002" is hard to
 * check): anything but a digit is dropped, at most 19 digits (the longest card numbers).
 */
export function formatCardNumberInput(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * What the partner is told of a failed payment, as a key of `payment.refusal` (issue 30: the
 * gateway's English words, "Refused", stood inside German text). The gateway's refusal reasons
 * (Adyen's list) come in groups the partner can act on; reasons of fraud checks, or unknown
 * ones, read as a plain decline, as the gateway's guidance asks.
 */
export function refusalKey(resultCode: string, reason: string | null): string {
  if (resultCode === "Error") return "error";
  if (resultCode === "Cancelled") return "cancelled";
  const r = (reason ?? "").toLowerCase();
  for (const [key, reasons] of REFUSAL_GROUPS) if (reasons.includes(r)) return key;
  return "declined";
}

const REFUSAL_GROUPS: readonly (readonly [string, readonly string[]])[] = [
  [
    "notEnoughBalance",
    [
      "not enough balance",
      "withdrawal amount exceeded",
      "withdrawal count exceeded",
      "invalid amount",
    ],
  ],
  ["expired", ["expired card"]],
  ["cvc", ["cvc declined"]],
  ["cardNumber", ["invalid card number"]],
  [
    "authentication",
    ["3d not authenticated", "3ds authentication error", "authentication required"],
  ],
  ["notAllowed", ["blocked card", "restricted card", "transaction not permitted", "not supported"]],
  ["unavailable", ["issuer unavailable", "acquirer error"]],
  ["cancelled", ["cancelled", "shopper cancelled"]],
];

/** Splits 'MM/YY' or 'MM/YYYY' into month and four-digit year; null when it is not a date. */
export function readExpiry(value: string): { month: string; year: string } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month: String(month).padStart(2, "0"), year: m[2]!.length === 2 ? `20${m[2]}` : m[2]! };
}

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  holderName: string;
}
const EMPTY_CARD: CardFields = { number: "", expiry: "", cvc: "", holderName: "" };

/**
 * The offline test gateway's card form (no real card is charged): the same events as the
 * Drop-in. The numbers it knows are listed in the README (the buyer is not sent there).
 */
function TestCardForm({
  busy,
  retried,
  fields,
  onFieldsChange,
  onSubmit,
}: {
  busy: boolean;
  retried: boolean;
  fields: CardFields;
  onFieldsChange: (change: (fields: CardFields) => CardFields) => void;
  onSubmit: (data: string) => void;
}) {
  const { t } = useLazyNamespace("payment", PAYMENT_TEXTS);
  const { number, expiry, cvc, holderName } = fields;
  const field = (name: keyof CardFields) => (value: string) =>
    onFieldsChange((f) => ({ ...f, [name]: value }));
  const setNumber = field("number");
  const setExpiry = field("expiry");
  const setCvc = field("cvc");
  const setHolderName = field("holderName");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const date = readExpiry(expiry);
    const next: Record<string, string> = {};
    if (!/^[\d ]{12,23}$/.test(number.trim())) next.number = t("card.invalidNumber");
    if (!date) next.expiry = t("card.invalidExpiry");
    if (!/^\d{3,4}$/.test(cvc.trim())) next.cvc = t("card.invalidCvc");
    if (holderName.trim() === "") next.holderName = t("card.required");
    setErrors(next);
    if (Object.keys(next).length > 0 || !date) return;
    onSubmit(
      JSON.stringify({
        paymentMethod: {
          type: "scheme",
          number: number.replace(/\s/g, ""),
          expiryMonth: date.month,
          expiryYear: date.year,
          cvc: cvc.trim(),
          holderName: holderName.trim(),
        },
        browserInfo: { language: navigator.language, userAgent: navigator.userAgent },
      }),
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="test-card-form"
    >
      <Stack gap="sm">
        <Text size="xs" c="stone.6">
          {t("card.testNotice")}
        </Text>
        <TextInput
          label={t("card.number")}
          value={number}
          onChange={(e) => setNumber(formatCardNumberInput(e.currentTarget.value))}
          error={errors.number}
          inputMode="numeric"
          autoComplete="cc-number"
          required
        />
        {/* Bottom-aligned: a label that wraps on a phone leaves both fields on one line. */}
        <SimpleGrid cols={2} style={{ alignItems: "end" }}>
          <TextInput
            label={t("card.expiry")}
            placeholder={t("card.expiryPlaceholder")}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiryInput(e.currentTarget.value, expiry))}
            inputMode="numeric"
            error={errors.expiry}
            autoComplete="cc-exp"
            required
          />
          <TextInput
            label={t("card.cvc")}
            value={cvc}
            onChange={(e) => setCvc(e.currentTarget.value)}
            error={errors.cvc}
            aria-describedby={retried && cvc === "" ? "cvc-again" : undefined}
            autoFocus={retried}
            inputMode="numeric"
            autoComplete="cc-csc"
            required
          />
        </SimpleGrid>
        {/* Under both fields, not in the narrow column: a wrapped note there pushed the expiry down. */}
        {retried && cvc === "" && (
          <Text id="cvc-again" size="xs" c="stone.7" mt={-6}>
            {t("card.cvcAgain")}
          </Text>
        )}
        <TextInput
          label={t("card.holderName")}
          value={holderName}
          onChange={(e) => setHolderName(e.currentTarget.value)}
          error={errors.holderName}
          autoComplete="cc-name"
          required
        />
        <Button type="submit" color="clay" loading={busy} mt="xs" h={44}>
          {t("card.pay")}
        </Button>
      </Stack>
    </form>
  );
}

/** The test gateway's 3-D Secure challenge: the password the bank would ask for. */
function TestChallenge(props: {
  action: string | null;
  busy: boolean;
  onSubmit: (data: string) => void;
}) {
  const { t } = useLazyNamespace("payment", PAYMENT_TEXTS);
  const [password, setPassword] = useState("");
  const paymentData = (() => {
    try {
      return (JSON.parse(props.action ?? "{}") as { paymentData?: string }).paymentData ?? null;
    } catch {
      return null;
    }
  })();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(JSON.stringify({ details: { password }, paymentData }));
      }}
      data-testid="test-challenge"
    >
      <Stack gap="sm">
        <Text size="sm">{t("challenge.text")}</Text>
        <PasswordInput
          label={t("challenge.password")}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
          data-autofocus
        />
        <Button type="submit" color="clay" loading={props.busy} disabled={password === ""} h={44}>
          {t("challenge.submit")}
        </Button>
      </Stack>
    </form>
  );
}
