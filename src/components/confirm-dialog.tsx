import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Button, Group, Modal, Stack, Text, type MantineColor } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A centred dialog asking to confirm one step (removing an address, a colleague, a list):
 * the question, then Cancel and the confirming button. While `loading`, the confirming button
 * spins and the dialog cannot be cancelled or closed; otherwise closing it counts as Cancel.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  cancelLabel,
  confirmLabel,
  confirmColor = "red",
  loading = false,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  confirmColor?: MantineColor;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    // While the step runs the dialog stays: Escape, a click outside or a close button would
    // send a Cancel the flow no longer takes.
    <Modal
      opened={opened}
      onClose={() => !loading && onCancel()}
      title={title}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" disabled={loading} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
