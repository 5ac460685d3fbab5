import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  SUPPORT_SUBJECTS,
  supportFormMachine,
  type SupportField,
  type SupportRequest,
} from "../../../machines/support-form.machine";
import { HELP_TEXTS, SUBJECT_KEYS } from "./help-texts";
import { sendSupportRequest } from "./help.services";
import { useLazyNamespace } from "../../lib/lazy-namespace";

/** The 'Contact support' dialog; the form inside starts afresh each time it opens. */
export function ContactSupportDialog(props: {
  opened: boolean;
  onClose: () => void;
  name?: string;
  email?: string;
}) {
  const { t } = useLazyNamespace("help", HELP_TEXTS);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("contactSupport.title")}
      size="lg"
      centered
    >
      <ContactSupportForm name={props.name} email={props.email} onClose={props.onClose} />
    </Modal>
  );
}

function ContactSupportForm(props: { name?: string; email?: string; onClose: () => void }) {
  const { t, i18n } = useLazyNamespace("help", HELP_TEXTS);
  // "Close" is a generic action text of the always-loaded catalog namespace.
  const { t: common } = useTranslation("catalog");
  // The machine holds only a handle of the attachment; the File itself stays here.
  const files = useRef(new Map<string, File>());
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const logic = useMemo(
    () =>
      supportFormMachine.provide({
        actors: {
          sendSupportRequest: fromPromise(async ({ input }: { input: SupportRequest }) => {
            const file = input.attachmentId
              ? (files.current.get(input.attachmentId) ?? null)
              : null;
            setSentMessage(await sendSupportRequest(input, file, i18n.language));
          }),
        },
      }),
    [i18n],
  );
  const [snapshot, send] = useMachine(logic, {
    input: { name: props.name ?? "", email: props.email ?? "" },
  });
  const { values, errors, attachment, failure } = snapshot.context;
  const sending = snapshot.matches("sending");

  if (snapshot.matches("sent")) {
    return (
      <Stack gap="lg">
        <Alert color="green" variant="light" role="status" data-testid="support-sent">
          {sentMessage ?? t("contactSupport.success")}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={props.onClose} autoFocus data-testid="support-close">
            {common("actions.close")}
          </Button>
        </Group>
      </Stack>
    );
  }

  const change = (field: SupportField) => (value: string) =>
    send({ type: "support.change", field, value });
  const errorOf = (field: SupportField) =>
    errors[field] ? t("contactSupport.required") : undefined;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: "support.submit" });
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t("contactSupport.fields.name")}
          name="name"
          withAsterisk
          autoComplete="name"
          value={values.name}
          readOnly={sending}
          error={errorOf("name")}
          onChange={(e) => change("name")(e.currentTarget.value)}
        />
        <TextInput
          label={t("contactSupport.fields.email")}
          name="email"
          type="email"
          withAsterisk
          autoComplete="email"
          value={values.email}
          readOnly={sending}
          error={errorOf("email")}
          onChange={(e) => change("email")(e.currentTarget.value)}
        />
        <Select
          label={t("contactSupport.fields.subject")}
          name="subject"
          clearable
          readOnly={sending}
          value={values.subject || null}
          data={SUPPORT_SUBJECTS.map((subject) => ({
            value: subject,
            label: t(`contactSupport.subjects.${SUBJECT_KEYS[subject]}`),
          }))}
          onChange={(value) => change("subject")(value ?? "")}
        />
        <Textarea
          label={t("contactSupport.fields.question")}
          name="question"
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          value={values.question}
          readOnly={sending}
          error={errorOf("question")}
          onChange={(e) => change("question")(e.currentTarget.value)}
        />
        <FileInput
          label={t("contactSupport.fields.attachment")}
          name="file"
          clearable
          disabled={sending}
          value={attachment ? (files.current.get(attachment.id) ?? null) : null}
          onChange={(file) => {
            // One attachment only: a new file replaces the previous one.
            files.current.clear();
            if (!file) {
              send({ type: "support.detach" });
              return;
            }
            const id = crypto.randomUUID();
            files.current.set(id, file);
            send({ type: "support.attach", file: { id, name: file.name, size: file.size } });
          }}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">
              {failure === "support.failed" ? t("contactSupport.failure") : failure}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={sending}>
            {t("contactSupport.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
