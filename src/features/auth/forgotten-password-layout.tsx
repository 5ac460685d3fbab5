import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Box, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The frame of the account-recovery screens, in the look of the sign-in page. */
export function RecoveryLayout(props: {
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <Box
      py={80}
      style={{
        background:
          "linear-gradient(180deg, var(--mantine-color-stone-0) 0%, var(--mantine-color-white) 100%)",
      }}
    >
      <Container size={460}>
        <Stack gap="xs" ta="center" mb="xl">
          <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
            {props.eyebrow}
          </Text>
          <Title order={1}>{props.title}</Title>
          {props.lead && <Text c="stone.6">{props.lead}</Text>}
        </Stack>
        <Paper
          p={40}
          radius="md"
          withBorder
          style={{ borderColor: "var(--mantine-color-stone-2)" }}
        >
          {props.children}
        </Paper>
      </Container>
    </Box>
  );
}
