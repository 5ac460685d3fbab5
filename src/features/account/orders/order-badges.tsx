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

/** Why an ADMIN rejected the order, under its status; nothing for any other order. */
export function RejectionReason({ order }: { order: HistoryOrder }) {
  const { t } = useTranslation("account");
  if (!isRejected(order) || !order.approval?.reason) return null;
  return (
    <Text
      size="xs"
      c="red.8"
      data-testid="order-rejection-reason"
      lineClamp={3}
      style={{ overflowWrap: "anywhere" }}
    >
      {t("orders.rejectedReason", { reason: order.approval.reason })}
    </Text>
  );
}
