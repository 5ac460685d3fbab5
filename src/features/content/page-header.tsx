import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Box, Container, Stack, Text, Title } from "@mantine/core";

/** The banner at the top of a content page: eyebrow, title and lead. */
export function PageHeader({
  eyebrow,
  title,
  lead,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
}) {
  return (
    <Box bg="stone.1" py={72}>
      <Container size="xl">
        <Stack gap="sm" maw={640}>
          <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
            {eyebrow}
          </Text>
          <Title order={1}>{title}</Title>
          {lead && (
            <Text c="stone.7" fz="lg">
              {lead}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
