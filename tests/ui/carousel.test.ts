// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createElement as h } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTOPLAY_MS,
  Carousel,
  nextIndex,
  positionsOf,
  previousIndex,
  type CarouselLabels,
} from "../../src/components/carousel";

const LABELS: CarouselLabels = {
  carousel: "Offers",
  previous: "Previous slide",
  next: "Next slide",
  pause: "Pause",
  play: "Play",
  goTo: (n) => `Show slide ${n}`,
  slide: (n, total) => `${n} of ${total}`,
};

const ITEMS = ["one", "two", "three", "four", "five", "six"];

/** Makes `matchMedia` answer `reduce` for prefers-reduced-motion (and nothing else). */
function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion"),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

function renderCarousel(items = ITEMS) {
  render(
    h(
      MantineProvider,
      null,
      h(Carousel<string>, {
        items,
        getKey: (item) => item,
        renderItem: (item) => h("a", { href: `#${item}` }, item),
        labels: LABELS,
        testId: "carousel",
      }),
    ),
  );
}

/** The 1-based number of the slide shown (the carousel shows one at a time here). */
function activeSlide(): number {
  const slides = screen.getAllByTestId("carousel-slide");
  const active = slides.findIndex((slide) => slide.getAttribute("data-active") === "true");
  expect(slides.filter((slide) => slide.getAttribute("data-active") === "true")).toHaveLength(1);
  return active + 1;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  prefersReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("carousel positions", () => {
  it("counts the stops of a carousel showing several items", () => {
    expect(positionsOf(6, 1)).toBe(6);
    expect(positionsOf(8, 3)).toBe(6);
    expect(positionsOf(2, 3)).toBe(1);
    expect(positionsOf(0, 1)).toBe(1);
  });

  it("wraps around at both ends", () => {
    expect(nextIndex(5, 6)).toBe(0);
    expect(nextIndex(2, 6)).toBe(3);
    expect(previousIndex(0, 6)).toBe(5);
    expect(previousIndex(3, 6)).toBe(2);
  });
});

describe("carousel", () => {
  it("moves on every 4000 ms and wraps from the last slide to the first", () => {
    renderCarousel();
    expect(AUTOPLAY_MS).toBe(4000);
    expect(activeSlide()).toBe(1);
    advance(3999);
    expect(activeSlide()).toBe(1);
    advance(1);
    expect(activeSlide()).toBe(2);
    for (let slide = 3; slide <= 6; slide += 1) {
      advance(4000);
      expect(activeSlide()).toBe(slide);
    }
    advance(4000);
    expect(activeSlide()).toBe(1);
  });

  it("pauses while hovered and goes on after the pointer leaves", () => {
    renderCarousel();
    const carousel = screen.getByTestId("carousel");
    fireEvent.mouseEnter(carousel);
    expect(carousel.getAttribute("data-playing")).toBe("false");
    advance(12000);
    expect(activeSlide()).toBe(1);
    fireEvent.mouseLeave(carousel);
    advance(4000);
    expect(activeSlide()).toBe(2);
  });

  it("pauses while a control has keyboard focus", () => {
    renderCarousel();
    const next = screen.getByRole("button", { name: "Next slide" });
    fireEvent.focus(next);
    advance(8000);
    expect(activeSlide()).toBe(1);
    fireEvent.blur(next, { relatedTarget: document.body });
    advance(4000);
    expect(activeSlide()).toBe(2);
  });

  it("stops and restarts with the pause button", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    fireEvent.blur(screen.getByRole("button", { name: "Play" }), { relatedTarget: null });
    advance(12000);
    expect(activeSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    fireEvent.blur(screen.getByRole("button", { name: "Pause" }), { relatedTarget: null });
    advance(4000);
    expect(activeSlide()).toBe(2);
  });

  it("wraps with the previous and next buttons and jumps with the dots", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(activeSlide()).toBe(6);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Show slide 4" }));
    expect(activeSlide()).toBe(4);
    expect(screen.getByRole("button", { name: "Show slide 4" }).getAttribute("aria-current")).toBe(
      "true",
    );
    expect(screen.getAllByTestId("carousel-dot")).toHaveLength(6);
  });

  it("restarts the period after a manual move", () => {
    renderCarousel();
    advance(3000);
    const next = screen.getByRole("button", { name: "Next slide" });
    fireEvent.click(next);
    fireEvent.blur(next, { relatedTarget: null });
    expect(activeSlide()).toBe(2);
    advance(3000);
    expect(activeSlide()).toBe(2);
    advance(1000);
    expect(activeSlide()).toBe(3);
  });

  it("hides the slides not shown from assistive technology and the keyboard", () => {
    renderCarousel();
    const slides = screen.getAllByTestId("carousel-slide");
    expect(slides[0]!.getAttribute("aria-hidden")).toBe("false");
    expect(slides[1]!.getAttribute("aria-hidden")).toBe("true");
    expect(slides[1]!.hasAttribute("inert")).toBe(true);
    expect(slides[0]!.getAttribute("aria-label")).toBe("1 of 6");
    expect(screen.getByRole("region", { name: "Offers" })).toBeTruthy();
  });

  it("never moves by itself when the person prefers reduced motion", () => {
    prefersReducedMotion(true);
    renderCarousel();
    expect(screen.getByTestId("carousel").getAttribute("data-playing")).toBe("false");
    advance(20000);
    expect(activeSlide()).toBe(1);
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeSlide()).toBe(2);
  });

  it("shows no controls for a single slide", () => {
    renderCarousel(["only"]);
    expect(screen.queryByRole("button", { name: "Next slide" })).toBeNull();
    advance(8000);
    expect(activeSlide()).toBe(1);
  });
});
