import "@mantine/core/styles/AspectRatio.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Title.css";
import {
  AspectRatio,
  Box,
  Card,
  Center,
  Container,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BRAND } from "../../lib/brand";
import { WithContentTexts } from "./content-texts";
import { PageHeader } from "./page-header";

/** The text blocks of about.json, in the order the page shows them. */
const STORY_BLOCKS = ["story", "mission", "meaning", "vision"] as const;
const CLOSING_BLOCKS = ["awards", "press", "blog"] as const;

interface Technology {
  name: string;
  description: string;
}

function Block({ id, index, media }: { id: string; index: number; media?: ReactNode }) {
  const { t } = useTranslation("about");
  const brand = { brand: BRAND.name };
  const titleId = `about-${id}`;
  const text = (
    <Stack gap="md" justify="center">
      <Title order={2} id={titleId}>
        {t(`${id}.title`, brand)}
      </Title>
      <Text c="stone.8" fz="lg" lh={1.7}>
        {t(`${id}.body`, brand)}
      </Text>
    </Stack>
  );
  return (
    <Box
      component="section"
      bg={index % 2 === 0 ? "white" : "stone.0"}
      py={72}
      aria-labelledby={titleId}
      data-testid={`about-${id}`}
    >
      <Container size={media ? "xl" : "md"}>
        {media ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} verticalSpacing="xl">
            {text}
            {media}
          </SimpleGrid>
        ) : (
          text
        )}
      </Container>
    </Box>
  );
}

/** Where the R&D video will play; a calm frame, no external player is loaded. */
function VideoPlaceholder() {
  const { t } = useTranslation("content");
  return (
    <AspectRatio ratio={16 / 9}>
      <Center
        bg="stone.8"
        c="white"
        style={{ borderRadius: 8 }}
        role="img"
        aria-label={t("about.videoTitle")}
        data-testid="about-video"
      >
        <Stack align="center" gap="sm" p="lg" ta="center">
          <ThemeIcon size={64} radius="xl" color="clay" variant="filled" aria-hidden>
            <Box
              component="span"
              style={{
                width: 0,
                height: 0,
                marginLeft: 6,
                borderTop: "12px solid transparent",
                borderBottom: "12px solid transparent",
                borderLeft: "20px solid white",
              }}
            />
          </ThemeIcon>
          <Text fw={600}>{t("about.videoTitle")}</Text>
          <Text size="sm" c="stone.2">
            {t("about.videoNote")}
          </Text>
        </Stack>
      </Center>
    </AspectRatio>
  );
}

function Technologies() {
  const { t } = useTranslation("about");
  const items = t("technologies.items", { returnObjects: true }) as unknown;
  const technologies = Array.isArray(items) ? (items as Technology[]) : [];
  return (
    <Box component="section" bg="stone.1" py={80} aria-labelledby="about-technologies">
      <Container size="xl">
        <Title order={2} id="about-technologies" ta="center" mb={48}>
          {t("technologies.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="lg" verticalSpacing="lg">
          {technologies.map((technology) => (
            <Card key={technology.name} padding="lg" radius="md" data-testid="technology">
              <Text ff="heading" fz="lg" c="stone.9" mb="xs">
                {technology.name}
              </Text>
              <Text c="stone.7" size="sm">
                {technology.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function AboutPage() {
  const { t } = useTranslation("content");
  const { t: about } = useTranslation("about");
  return (
    <>
      <PageHeader eyebrow={t("about.eyebrow")} title={about("title", { brand: BRAND.name })} />
      {STORY_BLOCKS.map((id, index) => (
        <Block key={id} id={id} index={index} />
      ))}
      <Block id="research" index={4} media={<VideoPlaceholder />} />
      <Block id="design" index={5} />
      <Block id="eco" index={6} />
      <Technologies />
      {CLOSING_BLOCKS.map((id, index) => (
        <Block key={id} id={id} index={index} />
      ))}
    </>
  );
}

/** /shop/about: story, mission, meaning, vision, R&D, design, eco, technologies and more. */
export function Component() {
  return (
    <WithContentTexts>
      <AboutPage />
    </WithContentTexts>
  );
}
