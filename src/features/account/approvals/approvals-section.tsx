import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { fromPromise } from "xstate";
import { approvalMachine, MAX_REASON_LENGTH } from "../../../../machines/approval.machine";
import { CardTable } from "../../../components/card-table";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useDialogLayout } from "../../../lib/dialog-layout";
import { useLazyNamespace } from "../../../lib/lazy-namespace";
import { formatMoney } from "../../../lib/money";
import { useGatewayQuery } from "../../../lib/use-gateway-query";
import { ACCOUNT_TEXTS } from "../me/account-texts";
import { formatDate } from "../orders/order-format";
import { useApprovalsBadge } from "./approvals-badge";
import { approveOrder, loadApprovals, rejectOrder } from "./approvals.services";

/**
 * "Approvals" (issue 21, part 1; decision 043), ADMIN only: the company's orders placed over a
 * buyer's spending limit, oldest first, each with Approve (after confirming) and Reject (with a
 * reason the buyer reads). The decision flow is the approval machine; the server decides once.
 * One's own order is listed without the buttons: another ADMIN decides on it. Each order shows
 * its lines and links to its detail in the order history (issue 30); on a phone the rows stack
 * as cards with Approve and Reject on screen.
 */
export function ApprovalsSection() {
  const { t, i18n } = useLazyNamespace("account", ACCOUNT_TEXTS);
  const badge = useApprovalsBadge();
  const [attempt, setAttempt] = useState(0);
  const list = useGatewayQuery(loadApprovals, `approvals-${attempt}`);
  const tRef = useRef(t);
  tRef.current = t;
  const badgeRef = useRef(badge);
  badgeRef.current = badge;
  const logic = useMemo(
    () =>
      approvalMachine.provide({
        actors: {
          approveOrder: fromPromise(({ input }: { input: { token: string } }) =>
            approveOrder(input),
          ),
          rejectOrder: fromPromise(({ input }: { input: { token: string; reason: string } }) =>
            rejectOrder(input),
          ),
        },
        actions: {
          notifyDecided: (_, { decision, number }) =>
            notifications.show({
              color: "green",
              message: tRef.current(`approvals.${decision}`, { number: number ?? "" }),
            }),
          reloadApprovals: () => {
            setAttempt((n) => n + 1);
            badgeRef.current.reload();
          },
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic);
  const dialog = useDialogLayout();
  const c = snapshot.context;
  const money = (minor: number | null | undefined, currency: string) =>
    minor === null || minor === undefined
      ? t("team.limits.none")
      : formatMoney(minor, currency, i18n.language);

  let body;
  if (list.status === "loading") body = <Loader aria-label={t("approvals.title")} />;
  else if (list.status === "error")
    body = (
      <Alert color="red" title={t("approvals.loadFailed")} role="alert">
        <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
          {t("team.retry")}
        </Button>
      </Alert>
    );
  else if (list.data.items.length === 0)
    body = (
      <Alert color="stone" variant="light" data-testid="approvals-empty">
        {t("approvals.empty")}
      </Alert>
    );
  else
    body = (
      <CardTable verticalSpacing="sm" data-testid="approvals-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("orders.number")}</Table.Th>
            <Table.Th>{t("orders.date")}</Table.Th>
            <Table.Th>{t("approvals.buyer")}</Table.Th>
            <Table.Th>{t("approvals.lines")}</Table.Th>
            <Table.Th>{t("orders.total")}</Table.Th>
            <Table.Th>{t("approvals.limits")}</Table.Th>
            <Table.Th>{t("orders.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.items.map((a) => (
            <Table.Tr key={a.order.token} data-testid="approval-row" data-number={a.order.number}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/shop/account/order-history?order=${encodeURIComponent(a.order.number ?? "")}`}
                  fw={600}
                  size="sm"
                  // A 44 px target on a phone (decision 054), not the 20 px of its line.
                  className="pp-touch-link"
                  aria-label={t("approvals.openOrder", { number: a.order.number })}
                >
                  {a.order.number}
                </Anchor>
                {a.order.poNumber && (
                  <Text size="xs" c="stone.6" style={{ overflowWrap: "anywhere" }}>
                    {a.order.poNumber}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label={t("orders.date")}>
                {formatDate(a.order.checkoutCompletedAt, i18n.language)}
              </Table.Td>
              <Table.Td data-label={t("approvals.buyer")}>
                {/* One block per cell: on a phone's card the value sits beside its label. */}
                <div>
                  <Text size="sm">{a.buyerName}</Text>
                  <Text size="xs" c="stone.6" style={{ overflowWrap: "anywhere" }}>
                    {a.buyerEmail}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td data-label={t("approvals.lines")} data-testid="approval-lines">
                <Stack gap={2}>
                  {a.order.items.map((line) => (
                    <Text key={line.id} size="xs" style={{ overflowWrap: "anywhere" }}>
                      {t("approvals.line", {
                        quantity: line.quantity,
                        name: line.productName,
                        total: formatMoney(line.total, a.order.currencyCode, i18n.language),
                      })}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td data-label={t("orders.total")}>
                {formatMoney(a.order.total, a.order.currencyCode, i18n.language)}
              </Table.Td>
              <Table.Td data-label={t("approvals.limits")}>
                <div>
                  <Text size="xs">
                    {t("team.limits.orderShort", {
                      amount: money(a.orderLimit, a.order.currencyCode),
                    })}
                  </Text>
                  <Text size="xs">
                    {t("team.limits.monthShort", {
                      amount: money(a.monthlyLimit, a.order.currencyCode),
                    })}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td>
                {a.ownOrder ? (
                  <Badge variant="light" color="stone">
                    {t("approvals.ownOrder")}
                  </Badge>
                ) : (
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="xs"
                      color="teal"
                      aria-label={t("approvals.approveOrder", { number: a.order.number })}
                      onClick={() =>
                        send({
                          type: "approval.approve",
                          token: a.order.token,
                          number: a.order.number ?? "",
                        })
                      }
                    >
                      {t("approvals.approve")}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red"
                      aria-label={t("approvals.rejectOrder", { number: a.order.number })}
                      onClick={() =>
                        send({
                          type: "approval.reject",
                          token: a.order.token,
                          number: a.order.number ?? "",
                        })
                      }
                    >
                      {t("approvals.reject")}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CardTable>
    );

  const rejecting = snapshot.matches("editingReason") || snapshot.matches("rejecting");
  const confirming = snapshot.matches("confirmingApproval") || snapshot.matches("approving");

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t("approvals.title")}</Title>
        <Text c="stone.6">{t("approvals.lead")}</Text>
      </Stack>
      {body}

      <ConfirmDialog
        opened={confirming}
        title={t("approvals.confirmTitle", { number: c.number ?? "" })}
        message={
          <Stack gap="sm">
            <Text size="sm">{t("approvals.confirmText")}</Text>
            {c.failure && (
              <Alert color="red" role="alert">
                {c.failure}
              </Alert>
            )}
          </Stack>
        }
        cancelLabel={t("approvals.cancel")}
        confirmLabel={t("approvals.approve")}
        confirmColor="teal"
        loading={snapshot.matches("approving")}
        onCancel={() => send({ type: "approval.cancel" })}
        onConfirm={() => send({ type: "approval.confirm" })}
      />

      <Modal
        opened={rejecting}
        onClose={() => send({ type: "approval.cancel" })}
        title={t("approvals.rejectTitle", { number: c.number ?? "" })}
        centered
        fullScreen={dialog.fullScreen}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: "approval.confirm" });
          }}
        >
          <Stack gap="md">
            {c.failure && (
              <Alert color="red" title={t("team.failed")} role="alert">
                {c.failure}
              </Alert>
            )}
            <Textarea
              label={t("approvals.reason")}
              description={t("approvals.reasonHint", { max: MAX_REASON_LENGTH })}
              name="reason"
              withAsterisk
              data-autofocus
              // Focused at once, but in a neutral colour: the clay focus border of an empty
              // field in a rejection dialog read as an error before anything was typed.
              styles={{ input: { "--input-bd-focus": "var(--mantine-color-stone-6)" } }}
              autosize
              minRows={3}
              maxLength={MAX_REASON_LENGTH}
              value={c.reason}
              readOnly={snapshot.matches("rejecting")}
              onChange={(e) =>
                send({ type: "approval.changeReason", value: e.currentTarget.value })
              }
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: "approval.cancel" })}>
                {t("approvals.cancel")}
              </Button>
              <Button
                type="submit"
                color="red"
                disabled={c.reason.trim() === ""}
                loading={snapshot.matches("rejecting")}
              >
                {t("approvals.reject")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
