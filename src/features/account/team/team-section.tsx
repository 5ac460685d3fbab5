import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { useContext, useMemo, useRef, useState } from "react";
import { fromPromise } from "xstate";
import {
  TEAM_ROLES,
  teamMachine,
  type TeamMember,
  type TeamRole,
} from "../../../../machines/team.machine";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EMAIL_MAX } from "../../../../rules/customer-profile";
import { useDialogLayout } from "../../../lib/dialog-layout";
import { useLazyNamespace } from "../../../lib/lazy-namespace";
import { ACCOUNT_TEXTS, textOf } from "../me/account-texts";
import { formatMoney } from "../../../lib/money";
import { CardTable } from "../../../components/card-table";
import { AccountContext } from "../account-context";
import { SpendingLimitsDialog } from "./spending-limits-dialog";
import { changeMemberRole, inviteMember, loadMembers, removeMember } from "./team.services";

/**
 * Company users (account spec 2 "team", ADMIN only): the list with status and role, the invite
 * dialog, role changes and removal after confirmation; the own row has neither.
 */
export function TeamSection() {
  const { t, i18n } = useLazyNamespace("account", ACCOUNT_TEXTS);
  // The company's currency names the limits (the section is also shown on its own in tests).
  const currencyCode = useContext(AccountContext)?.currencyCode ?? "";
  // Spending limits saved since the list loaded (decision 043), and the member being edited.
  const [limits, setLimits] = useState<
    Record<string, Pick<TeamMember, "orderLimit" | "monthlyLimit">>
  >({});
  const [editingLimits, setEditingLimits] = useState<TeamMember | null>(null);
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined
      ? t("team.limits.none")
      : formatMoney(minor, currencyCode, i18n.language);
  // The actor lives as long as the section; texts follow the current language.
  const tRef = useRef(t);
  tRef.current = t;
  const logic = useMemo(
    () =>
      teamMachine.provide({
        actors: {
          loadMembers: fromPromise(() => loadMembers()),
          inviteMember: fromPromise(({ input }: { input: { email: string; role: TeamRole } }) =>
            inviteMember(input),
          ),
          changeMemberRole: fromPromise(({ input }: { input: { id: string; role: TeamRole } }) =>
            changeMemberRole(input),
          ),
          removeMember: fromPromise(({ input }: { input: { id: string } }) => removeMember(input)),
        },
        actions: {
          notifyInvited: () =>
            notifications.show({ color: "green", message: tRef.current("team.invited") }),
          notifySaved: () =>
            notifications.show({ color: "green", message: tRef.current("team.saved") }),
          notifyRemoved: () =>
            notifications.show({ color: "green", message: tRef.current("team.removed") }),
          // Spec 8: 'Sorry, something went wrong!', with the server's reason when it gave one.
          notifyFailure: (_, { message }) =>
            notifications.show({
              color: "red",
              title: tRef.current("team.failed"),
              message: message ?? "",
            }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic);
  const dialog = useDialogLayout();
  const c = snapshot.context;
  const roleOptions = TEAM_ROLES.map((role) => ({ value: role, label: t(`team.roles.${role}`) }));
  const busy = snapshot.matches("changingRole") || snapshot.matches("removing");
  const target = c.members.find((m) => m.id === c.targetId);

  let body;
  if (snapshot.matches("loading")) body = <Loader aria-label={t("team.title")} />;
  else if (snapshot.matches("loadFailed"))
    body = (
      <Alert color="red" title={t("team.errorTitle")} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{textOf(t, c.loadFailure ?? "team.loadFailed")}</Text>
          <Button size="xs" variant="light" onClick={() => send({ type: "team.retry" })}>
            {t("team.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  else
    body = (
      <CardTable verticalSpacing="sm" data-testid="team-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("team.columns.name")}</Table.Th>
            <Table.Th>{t("team.columns.email")}</Table.Th>
            <Table.Th>{t("team.columns.role")}</Table.Th>
            <Table.Th>{t("team.columns.status")}</Table.Th>
            <Table.Th>{t("team.columns.limits")}</Table.Th>
            <Table.Th>{t("team.columns.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.members.map((m) => (
            <Table.Tr key={m.id} data-testid="team-row" data-email={m.email}>
              <Table.Td>
                {[m.firstName, m.lastName].filter(Boolean).join(" ") || "—"}
                {m.isSelf && (
                  <Badge ml="xs" size="xs" variant="light" color="stone">
                    {t("team.you")}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-label={t("team.columns.email")} style={{ overflowWrap: "anywhere" }}>
                {m.email}
              </Table.Td>
              <Table.Td data-label={t("team.columns.role")}>
                {m.isSelf ? (
                  <Text size="sm">{m.role ? t(`team.roles.${m.role}`) : "—"}</Text>
                ) : (
                  <Select
                    size="xs"
                    w={160}
                    aria-label={t("team.changeRole", { email: m.email })}
                    data={roleOptions}
                    value={m.role}
                    allowDeselect={false}
                    disabled={busy}
                    onChange={(value) =>
                      value && send({ type: "team.changeRole", id: m.id, role: value })
                    }
                  />
                )}
              </Table.Td>
              <Table.Td data-label={t("team.columns.status")}>
                <Badge color={m.status === "ACTIVE" ? "green" : "yellow"} variant="light">
                  {t(`team.status.${m.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td data-testid="team-limits" data-label={t("team.columns.limits")}>
                {/* Limits apply to COMMERCIAL users; an ADMIN approves others' orders. */}
                {!m.isSelf && m.role === "COMMERCIAL" ? (
                  <Stack gap={2} align="flex-start">
                    <Text size="xs">
                      {t("team.limits.orderShort", {
                        amount: money((limits[m.id] ?? m).orderLimit),
                      })}
                    </Text>
                    <Text size="xs">
                      {t("team.limits.monthShort", {
                        amount: money((limits[m.id] ?? m).monthlyLimit),
                      })}
                    </Text>
                    <Button
                      size="xs"
                      variant="subtle"
                      disabled={busy}
                      aria-label={t("team.limits.editUser", { email: m.email })}
                      onClick={() => setEditingLimits({ ...m, ...limits[m.id] })}
                    >
                      {t("team.limits.edit")}
                    </Button>
                  </Stack>
                ) : (
                  <Text size="xs" c="stone.6">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {!m.isSelf && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={t("team.removeUser", { email: m.email })}
                    onClick={() => send({ type: "team.remove", id: m.id })}
                  >
                    {t("team.remove")}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CardTable>
    );

  const inviting = snapshot.matches("inviting");
  const sending = snapshot.matches({ inviting: "sending" });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t("team.title")}</Title>
          <Text c="stone.6">{t("team.lead")}</Text>
        </Stack>
        <Button
          disabled={!snapshot.matches("ready")}
          onClick={() => send({ type: "team.openInvite" })}
        >
          {t("team.invite.open")}
        </Button>
      </Group>
      {body}

      <Modal
        opened={inviting}
        // While the invitation is sent the dialog stays (the machine takes no cancel then).
        onClose={() => !sending && send({ type: "team.cancel" })}
        title={t("team.invite.title")}
        centered
        fullScreen={dialog.fullScreen}
        closeOnClickOutside={!sending}
        closeOnEscape={!sending}
        withCloseButton={!sending}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: "team.submitInvite" });
          }}
        >
          <Stack gap="md">
            {c.inviteFailure && (
              <Alert color="red" title={t("team.failed")} role="alert">
                {c.inviteFailure}
              </Alert>
            )}
            <TextInput
              label={t("team.invite.email")}
              name="email"
              type="email"
              maxLength={EMAIL_MAX}
              withAsterisk
              data-autofocus
              value={c.invite.email}
              readOnly={sending}
              error={c.inviteErrors.email && t(c.inviteErrors.email)}
              onChange={(e) =>
                send({ type: "team.changeInvite", field: "email", value: e.currentTarget.value })
              }
            />
            <Select
              label={t("team.invite.role")}
              size="md"
              placeholder={t("team.invite.rolePlaceholder")}
              withAsterisk
              data={roleOptions}
              value={c.invite.role || null}
              readOnly={sending}
              error={c.inviteErrors.role && t(c.inviteErrors.role)}
              onChange={(value) =>
                send({ type: "team.changeInvite", field: "role", value: value ?? "" })
              }
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={sending}
                onClick={() => send({ type: "team.cancel" })}
              >
                {t("team.invite.cancel")}
              </Button>
              <Button type="submit" loading={sending}>
                {t("team.invite.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <SpendingLimitsDialog
        member={editingLimits}
        currencyCode={currencyCode}
        onClose={() => setEditingLimits(null)}
        onSaved={(saved) => {
          setLimits((prev) => ({
            ...prev,
            [saved.id]: { orderLimit: saved.orderLimit, monthlyLimit: saved.monthlyLimit },
          }));
          setEditingLimits(null);
        }}
      />

      <ConfirmDialog
        opened={snapshot.matches("confirmingRemoval")}
        title={t("team.confirmRemoval.title")}
        message={t("team.confirmRemoval.text", { email: target?.email ?? "" })}
        cancelLabel={t("team.confirmRemoval.cancel")}
        confirmLabel={t("team.confirmRemoval.confirm")}
        onCancel={() => send({ type: "team.cancel" })}
        onConfirm={() => send({ type: "team.confirmRemoval" })}
      />
    </Stack>
  );
}
