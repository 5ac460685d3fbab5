import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Tooltip.css";
import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { HistoryOrder } from "../account.services";
import { splitLabel, stateColor, stateKey } from "./order-format";

/** 1/N on the parent, k/N on each split, the original order's number in a tooltip. */
export function SplitBadge({ order }: { order: HistoryOrder }) {
  const { t } = useTranslation("account");
  const label = splitLabel(order);
  if (!label) return null;
  return (
    <Tooltip label={t("orders.splitOf", { number: order.parentOrderNumber ?? order.number })}>
      <Badge variant="outline" color="stone" data-testid="split-badge">
        {label}
      </Badge>
    </Tooltip>
  );
}

/** Whether an ADMIN rejected the order (placed over a spending limit, decision 043). */
const isRejected = (order: Pick<HistoryOrder, "approval">) => order.approval?.state === "REJECTED";

/**
 * The distinct states of the order and its split orders, each in its colour. A rejected order
 * (the server cancels it) says "Rejected", not "Cancelled" (issue 30).
 */
export function StatusBadges({ order }: { order: HistoryOrder }) {
  const { t } = useTranslation("account");
  const shown = order.statuses.length > 0 ? order.statuses : [order.state];
  const states = isRejected(order)
    ? shown.map((s) => (s === "cancelled" || s === "canceled" ? "rejected" : s))
    : shown;
  return (
    <Group gap={4} data-testid="order-statuses">
      {[...new Set(states)].map((state) => (
        <Badge key={state} color={stateColor(state)} variant="light">
          {t(stateKey(state), { defaultValue: state })}
        </Badge>
      ))}
    </Group>
  );
}

type Translate = ReturnType<typeof useTranslation<"account">>["t"];

/**
 * What became of an order placed over a spending limit, in a sentence: pending, rejected (with
 * the ADMIN's reason), withdrawn by the brand's staff (with theirs, when given) or expired
 * (issue 32, finding B). Null once approved.
 */
export function approvalText(t: Translate, approval: HistoryOrder["approval"]): string | null {
  if (!approval) return null;
  switch (approval.state) {
    case "PENDING":
      return t("orders.approval.pending");
    case "REJECTED":
      return t("orders.approval.rejected", { reason: approval.reason ?? "" });
    case "WITHDRAWN":
      return approval.reason
        ? t("orders.approval.withdrawnReason", { reason: approval.reason })
        : t("orders.approval.withdrawn");
    case "EXPIRED":
      return t("orders.approval.expired");
    default:
      return null;
  }
}

/**
 * Under its status: why an ADMIN rejected the order, or that the brand withdrew it or it
 * expired while awaiting approval; nothing for any other order.
 */
export function RejectionReason({ order }: { order: HistoryOrder }) {
  const { t } = useTranslation("account");
  const state = order.approval?.state;
  const text =
    state === "WITHDRAWN" || state === "EXPIRED"
      ? approvalText(t, order.approval)
      : isRejected(order) && order.approval?.reason
        ? t("orders.rejectedReason", { reason: order.approval.reason })
        : null;
  if (!text) return null;
  return (
    <Text
      size="xs"
      c="red.8"
      data-testid="order-rejection-reason"
      lineClamp={3}
      style={{ overflowWrap: "anywhere" }}
    >
      {text}
    </Text>
  );
}
