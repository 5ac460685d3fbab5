import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Box, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { LegalSection } from "./legal-texts";

/** Long legal text reads best at about 70-80 characters a line. */
const READABLE_WIDTH = 760;

/**
 * The layout of a legal page: title, date of the version, an optional introduction and the
 * numbered sections, each paragraph (blank-line separated) its own block, single line breaks
 * kept (addresses).
 */
export function LegalDocument(props: {
  title: string;
  updated: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <Container size={READABLE_WIDTH} py={72} component="article">
      <Stack gap="xs" mb={40}>
        <Title order={1}>{props.title}</Title>
        <Text size="sm" c="stone.6" data-testid="legal-updated">
          {props.updated}
        </Text>
      </Stack>
      {props.intro}
      <Stack gap={36}>
        {props.sections.map((section) => (
          <Box component="section" key={section.heading}>
            <Title order={2} fz={20} mb="sm">
              {section.heading}
            </Title>
            <Stack gap="sm">
              {section.body.split(/\n{2,}/).map((paragraph, index) => (
                <Text key={index} c="stone.8" lh={1.75} style={{ whiteSpace: "pre-line" }}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}

/** Reads a `sections` array of the legal namespace, tolerating a missing translation. */
export function asSections(value: unknown): LegalSection[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is LegalSection =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as LegalSection).heading === "string" &&
      typeof (item as LegalSection).body === "string",
  );
}
