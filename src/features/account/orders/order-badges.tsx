import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Tooltip.css";
import { Badge, Group, Tooltip } from "@mantine/core";
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

/** The distinct states of the order and its split orders, each in its colour. */
export function StatusBadges({ order }: { order: HistoryOrder }) {
  const { t } = useTranslation("account");
  const states = order.statuses.length > 0 ? order.statuses : [order.state];
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
