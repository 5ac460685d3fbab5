import { ActionIcon, Box, Group, UnstyledButton, useMatches } from "@mantine/core";
import {
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type ReactNode,
} from "react";

/** Autoplay period of the storefront's carousels (banners and press: spec section 9). */
export const AUTOPLAY_MS = 4000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** How many positions a carousel of `count` items showing `perView` at once can stop at. */
export function positionsOf(count: number, perView: number): number {
  return Math.max(1, count - Math.max(1, perView) + 1);
}

/** The position after `index`; past the last it wraps to the first. */
export function nextIndex(index: number, positions: number): number {
  return positions <= 0 ? 0 : (index + 1) % positions;
}

/** The position before `index`; before the first it wraps to the last. */
export function previousIndex(index: number, positions: number): number {
  return positions <= 0 ? 0 : (index - 1 + positions) % positions;
}

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.("change", onChange);
  return () => query?.removeEventListener?.("change", onChange);
}

/** Whether the person asked their system for less motion (no autoplay, no sliding then). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => globalThis.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

export interface CarouselState {
  /** The first visible item. */
  index: number;
  positions: number;
  /** Autoplay is running: not paused by hover, focus or the pause button, motion allowed. */
  playing: boolean;
  reducedMotion: boolean;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
  /** Pointer over or focus inside the carousel (each pauses on its own). */
  setHovered: (hovered: boolean) => void;
  setFocused: (focused: boolean) => void;
  /** The explicit pause/play button (WCAG 2.2.2: moving content can be stopped). */
  togglePaused: () => void;
  paused: boolean;
}

/**
 * The carousel's behaviour without its pixels: current position with wrap-around, autoplay
 * every `interval` ms that pauses while hovered, focused or stopped, and never runs when the
 * person prefers reduced motion. Every move restarts the period, so a click is never followed
 * by an instant jump.
 */
export function useCarousel({
  count,
  perView = 1,
  interval = AUTOPLAY_MS,
  autoplay = true,
}: {
  count: number;
  perView?: number;
  interval?: number;
  autoplay?: boolean;
}): CarouselState {
  const positions = positionsOf(count, perView);
  const [rawIndex, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // A narrower screen can have more positions than a wider one had; keep the index valid.
  const index = Math.min(rawIndex, positions - 1);
  const playing = autoplay && positions > 1 && !reducedMotion && !hovered && !focused && !paused;

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex(nextIndex(index, positions)), interval);
    return () => clearTimeout(timer);
  }, [playing, index, positions, interval]);

  return {
    index,
    positions,
    playing,
    reducedMotion,
    paused,
    next: useCallback(() => setIndex(nextIndex(index, positions)), [index, positions]),
    previous: useCallback(() => setIndex(previousIndex(index, positions)), [index, positions]),
    goTo: useCallback(
      (target: number) => setIndex(Math.max(0, Math.min(target, positions - 1))),
      [positions],
    ),
    setHovered,
    setFocused,
    togglePaused: useCallback(() => setPaused((value) => !value), []),
  };
}

export interface CarouselLabels {
  /** The carousel's accessible name (e.g. "Featured offers"). */
  carousel: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** The name of dot `n` (1-based), e.g. "Show slide 2". */
  goTo: (n: number) => string;
  /** The name of slide `n` of `total`, e.g. "2 of 6". */
  slide: (n: number, total: number) => string;
}

/** Slides shown at once, per Mantine breakpoint. */
export type PerView = Partial<Record<"base" | "xs" | "sm" | "md" | "lg" | "xl", number>>;

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden focusable="false">
      {paused ? (
        <path d="M7 4l13 8-13 8z" fill="currentColor" />
      ) : (
        <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * A small accessible carousel (no embla): slides in a sliding track, previous/next arrows,
 * one dot per position and a pause button. Hidden slides are `inert`, so keyboard users only
 * reach what they see; the live region announces manual moves, not autoplay.
 */
export function Carousel<T>({
  items,
  renderItem,
  getKey,
  labels,
  perView = { base: 1 },
  interval = AUTOPLAY_MS,
  gap = 24,
  controls = "below",
  testId,
}: {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => string;
  labels: CarouselLabels;
  perView?: PerView;
  interval?: number;
  /** Space between slides in px. */
  gap?: number;
  /**
   * "overlay": arrows over the slides' edges (banners) from md on, beside the dots below that;
   * "below": arrows beside the dots. A slide under overlay arrows keeps 72 px free each side.
   */
  controls?: "overlay" | "below";
  testId?: string;
}) {
  const visible = Math.max(1, Math.min(useMatches(perView) ?? 1, items.length));
  const carousel = useCarousel({ count: items.length, perView: visible, interval });
  const { index, positions, reducedMotion } = carousel;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null))
      carousel.setFocused(false);
  };
  const slideWidth = `calc((100% - ${(visible - 1) * gap}px) / ${visible})`;
  const offset = `calc(-${index} * (${slideWidth} + ${gap}px))`;

  const arrow = (direction: "left" | "right") => (
    <ActionIcon
      variant={controls === "overlay" ? "white" : "subtle"}
      color="stone.8"
      radius="xl"
      size="lg"
      aria-label={direction === "left" ? labels.previous : labels.next}
      onClick={direction === "left" ? carousel.previous : carousel.next}
      data-testid={`carousel-${direction === "left" ? "previous" : "next"}`}
      style={controls === "overlay" ? { boxShadow: "var(--mantine-shadow-sm)" } : undefined}
    >
      <Chevron direction={direction} />
    </ActionIcon>
  );

  const dots = (
    <Group gap={6} justify="center" wrap="nowrap" className="pp-carousel-dots">
      {Array.from({ length: positions }, (_, position) => (
        <UnstyledButton
          key={position}
          aria-label={labels.goTo(position + 1)}
          aria-current={position === index ? "true" : undefined}
          onClick={() => carousel.goTo(position)}
          data-testid="carousel-dot"
          p={6}
        >
          <Box
            w={position === index ? 22 : 8}
            h={8}
            bg={position === index ? "clay.6" : "stone.3"}
            style={{
              borderRadius: 4,
              transition: reducedMotion ? undefined : "width 300ms ease, background 300ms ease",
            }}
          />
        </UnstyledButton>
      ))}
    </Group>
  );

  const pause = (
    <ActionIcon
      variant="subtle"
      color="stone.7"
      radius="xl"
      size="md"
      aria-label={carousel.paused ? labels.play : labels.pause}
      aria-pressed={carousel.paused}
      onClick={carousel.togglePaused}
      data-testid="carousel-pause"
    >
      <PauseIcon paused={carousel.paused} />
    </ActionIcon>
  );

  const many = positions > 1;
  return (
    <Box
      component="section"
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.carousel}
      data-testid={testId}
      data-playing={carousel.playing}
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={onBlur}
    >
      <Box pos="relative">
        <Box style={{ overflow: "hidden" }}>
          <Box
            aria-live={carousel.playing ? "off" : "polite"}
            style={{
              display: "flex",
              gap,
              transform: `translateX(${offset})`,
              transition: reducedMotion ? "none" : "transform 700ms cubic-bezier(.22,.61,.36,1)",
            }}
          >
            {items.map((item, position) => {
              const shown = position >= index && position < index + visible;
              return (
                <Box
                  key={getKey(item, position)}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={labels.slide(position + 1, items.length)}
                  aria-hidden={!shown}
                  inert={!shown}
                  data-active={shown}
                  data-testid="carousel-slide"
                  style={{ flex: `0 0 ${slideWidth}`, minWidth: 0 }}
                >
                  {renderItem(item, position)}
                </Box>
              );
            })}
          </Box>
        </Box>
        {/* Over the slides only where the slide keeps its sides free of text (from md on:
            issue 30, the arrows covered a banner's text on phones and tablets). */}
        {many && controls === "overlay" && (
          <>
            <Box
              pos="absolute"
              left={16}
              top="50%"
              visibleFrom="md"
              style={{ transform: "translateY(-50%)" }}
            >
              {arrow("left")}
            </Box>
            <Box
              pos="absolute"
              right={16}
              top="50%"
              visibleFrom="md"
              style={{ transform: "translateY(-50%)" }}
            >
              {arrow("right")}
            </Box>
          </>
        )}
      </Box>
      {many && (
        <Group justify="center" gap="sm" mt="md" wrap="nowrap">
          {controls === "below" ? arrow("left") : <Box hiddenFrom="md">{arrow("left")}</Box>}
          {dots}
          {controls === "below" ? arrow("right") : <Box hiddenFrom="md">{arrow("right")}</Box>}
          {!reducedMotion && pause}
        </Group>
      )}
    </Box>
  );
}
