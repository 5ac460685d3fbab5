import "@mantine/core/styles/AspectRatio.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  SimpleGrid,
  Stack,
  Text,
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

/** Where the press and blog blocks lead: the brand's public sites, in a new tab. */
const BLOCK_LINKS: Partial<Record<string, { href: string; label: string }>> = {
  press: { href: BRAND.pressUrl, label: "about.pressLink" },
  blog: { href: BRAND.blogUrl, label: "about.blogLink" },
};

function Block({ id, index, media }: { id: string; index: number; media?: ReactNode }) {
  const { t } = useTranslation("about");
  const { t: content } = useTranslation("content");
  const brand = { brand: BRAND.name };
  const titleId = `about-${id}`;
  const link = BLOCK_LINKS[id];
  const text = (
    <Stack gap="md" justify="center">
      <Title order={2} id={titleId}>
        {t(`${id}.title`, brand)}
      </Title>
      <Text c="stone.8" fz="lg" lh={1.7}>
        {t(`${id}.body`, brand)}
      </Text>
      {link && (
        <Box>
          <Button
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="outline"
            color="stone.8"
          >
            {content(link.label)}
          </Button>
        </Box>
      )}
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

/**
 * The laboratory, drawn (issue 17: no play button for a video that does not exist): a workbench
 * with a device prototype, its sketches, a test tube rack and a lamp, in the brand's colours.
 */
function LabImage() {
  const { t } = useTranslation("content");
  return (
    <Box component="figure" m={0} data-testid="about-lab">
      <AspectRatio ratio={16 / 9}>
        <svg
          viewBox="0 0 640 360"
          role="img"
          aria-label={t("about.labImage")}
          style={{ borderRadius: 8, display: "block" }}
        >
          <rect width="640" height="360" fill="#f3e4e0" />
          <rect y="250" width="640" height="110" fill="#e6e1db" />
          <rect y="246" width="640" height="8" fill="#d6cfc7" />
          {/* A window of soft light. */}
          <rect x="40" y="36" width="170" height="150" rx="6" fill="#faf8f6" />
          <path d="M125 36v150M40 111h170" stroke="#e7c8bf" strokeWidth="4" />
          {/* Sketches pinned to the wall. */}
          <g transform="rotate(-4 300 110)">
            <rect x="250" y="58" width="96" height="118" fill="#fff" />
            <rect x="276" y="76" width="44" height="80" rx="22" fill="none" stroke="#9a5b49" />
            <path d="M262 166h72" stroke="#b9b0a6" />
          </g>
          <g transform="rotate(3 420 100)">
            <rect x="372" y="52" width="92" height="100" fill="#fff" />
            <circle cx="418" cy="98" r="26" fill="none" stroke="#9a5b49" />
            <path d="M392 98h52M418 72v52" stroke="#d6cfc7" />
          </g>
          {/* A desk lamp. */}
          <path d="M560 246v-90l-40-40" stroke="#574e46" strokeWidth="6" fill="none" />
          <path d="M496 104l40-26 22 34-46 18z" fill="#574e46" />
          <ellipse cx="560" cy="246" rx="26" ry="6" fill="#574e46" />
          <path d="M510 128l-60 118h90z" fill="#fff" opacity=".35" />
          {/* The prototype on its stand. */}
          <ellipse cx="330" cy="250" rx="70" ry="10" fill="#b9b0a6" />
          <rect x="296" y="140" width="68" height="110" rx="34" fill="#dbab9c" />
          <rect x="296" y="140" width="68" height="110" rx="34" fill="none" stroke="#fff" />
          <circle cx="330" cy="212" r="8" fill="#fff" opacity=".8" />
          <g fill="#9a5b49" opacity=".35">
            <circle cx="318" cy="160" r="3" />
            <circle cx="330" cy="157" r="3" />
            <circle cx="342" cy="160" r="3" />
          </g>
          {/* A rack of test samples. */}
          <rect x="120" y="214" width="110" height="34" rx="4" fill="#958b81" />
          {[136, 162, 188, 214].map((x, i) => (
            <g key={x}>
              <rect x={x - 7} y={170} width="14" height="56" rx="7" fill="#faf8f6" />
              <rect
                x={x - 7}
                y={196 - i * 4}
                width="14"
                height={30 + i * 4}
                rx="7"
                fill={i % 2 === 0 ? "#d0917e" : "#e7c8bf"}
              />
            </g>
          ))}
          {/* Notes on the bench. */}
          <rect
            x="420"
            y="262"
            width="120"
            height="70"
            rx="3"
            fill="#fff"
            transform="rotate(-6 480 297)"
          />
          <path
            d="M436 284h84M436 298h70M436 312h78"
            stroke="#d6cfc7"
            strokeWidth="3"
            transform="rotate(-6 480 297)"
          />
        </svg>
      </AspectRatio>
      <Text component="figcaption" size="sm" c="stone.7" mt="xs" ta="center">
        {t("about.labCaption")}
      </Text>
    </Box>
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
      <Block id="research" index={4} media={<LabImage />} />
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
