import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Button, Group, Stack, Text, type StackProps } from "@mantine/core";
import type { ReactNode } from "react";
import { BRAND } from "../lib/brand";
import { Carousel, type PerView } from "./carousel";
import { useCarouselLabels, useCatalogList } from "./catalog-texts";

// The awards and press quotes the shop home and the landing page both show: the same lists
// (home.awards.items, home.press.items of the catalog namespace) in each page's own frame.

export interface Award {
  name: string;
  category: string;
  year: string;
}

export interface PressQuote {
  quote: string;
  outlet: string;
}

/** Mantine props of one slide, with the test id the journeys look for. */
type SlideProps = StackProps & { "data-testid": string };

/** The awards carousel: each award's emblem (the page's own), name and category. */
export function AwardsCarousel({
  name,
  perView,
  testId,
  emblem,
  slideProps,
}: {
  /** The carousel's accessible name. */
  name: string;
  perView: PerView;
  testId?: string;
  emblem: (award: Award) => ReactNode;
  slideProps: SlideProps;
}) {
  const awards = useCatalogList<Award>("home.awards.items");
  const labels = useCarouselLabels(name);
  return (
    <Carousel
      items={awards}
      getKey={(award) => `${award.name}-${award.year}`}
      labels={labels}
      perView={perView}
      testId={testId}
      renderItem={(award) => (
        <Stack gap={6} align="center" ta="center" {...slideProps}>
          {emblem(award)}
          <Text ff="heading" fz="md" c="stone.9" lh={1.3}>
            {award.name}
          </Text>
          <Text size="xs" c="stone.6" tt="uppercase" style={{ letterSpacing: "0.12em" }}>
            {award.category}
          </Text>
        </Stack>
      )}
    />
  );
}

/** The press carousel: each quote as a figure (an optional mark, the quote, the outlet). */
export function PressCarousel({
  name,
  testId,
  mark,
  slideProps,
}: {
  /** The carousel's accessible name. */
  name: string;
  testId: string;
  mark?: ReactNode;
  slideProps: SlideProps;
}) {
  const quotes = useCatalogList<PressQuote>("home.press.items");
  const labels = useCarouselLabels(name);
  return (
    <Carousel
      items={quotes}
      getKey={(quote) => quote.outlet}
      labels={labels}
      perView={{ base: 1, sm: 2, lg: 3 }}
      testId={testId}
      renderItem={(quote) => (
        <Stack component="figure" m={0} gap="md" p="xl" h="100%" {...slideProps}>
          {mark}
          <Text component="blockquote" m={0} ff="heading" fz="lg" lh={1.5} c="stone.8">
            {quote.quote}
          </Text>
          <Text
            component="figcaption"
            size="xs"
            c="clay.7"
            tt="uppercase"
            mt="auto"
            style={{ letterSpacing: "0.2em" }}
          >
            {quote.outlet}
          </Text>
        </Stack>
      )}
    />
  );
}

/**
 * Under the press quotes: the quotes are quotes, not links; the brand's press room and blog are
 * where to read on (each opens in a new tab, without the opener).
 */
export function PressLinks({ pressRoom, blog }: { pressRoom: string; blog: string }) {
  return (
    <Group justify="center" gap="md" mt={48}>
      <Button
        component="a"
        href={BRAND.pressUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="outline"
        color="stone.8"
      >
        {pressRoom}
      </Button>
      <Button
        component="a"
        href={BRAND.blogUrl}
        target="_blank"
        rel="noopener noreferrer"
        color="clay"
      >
        {blog}
      </Button>
    </Group>
  );
}
