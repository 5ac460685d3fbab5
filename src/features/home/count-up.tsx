import { VisuallyHidden } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "../../components/carousel";

const DURATION_MS = 1600;

/**
 * Splits a localised figure ("250+", "12,000", "12 000", "28M") into what surrounds the number,
 * the number and its thousands separator; null when there is no number to count.
 */
export function parseFigure(
  figure: string,
): { prefix: string; value: number; separator: string; suffix: string } | null {
  const match = /^(\D*)(\d{1,3}(?:([.,\s\u202f\u00a0])\d{3})+|\d+)(\D*)$/.exec(figure);
  if (!match) return null;
  const [, prefix = "", digits = "", separator = "", suffix = ""] = match;
  return { prefix, value: Number(digits.replace(/\D/g, "")), separator, suffix };
}

/** `value` written like the original figure: same separator every three digits. */
export function formatLike(value: number, separator: string): string {
  const digits = String(Math.round(value));
  return separator ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : digits;
}

/**
 * A figure that counts up once when it first scrolls into view (the landing's animated
 * statistics). Assistive technology and text searches read the final figure at all times; the
 * moving digits are decoration. No animation when the person prefers reduced motion.
 */
export function CountUp({ figure }: { figure: string }) {
  const parsed = parseFigure(figure);
  const reducedMotion = usePrefersReducedMotion();
  const ref = useRef<HTMLSpanElement>(null);
  // Until it is seen the final figure shows (a full-page capture or no observer shows it too).
  const [shown, setShown] = useState(figure);

  useEffect(() => {
    const element = ref.current;
    if (!parsed || reducedMotion || !element || typeof IntersectionObserver === "undefined") return;
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / DURATION_MS);
        const eased = 1 - (1 - progress) ** 3;
        setShown(
          progress >= 1
            ? figure
            : `${parsed.prefix}${formatLike(parsed.value * eased, parsed.separator)}${parsed.suffix}`,
        );
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
    // `parsed` is derived from `figure`, so `figure` stands for both.
  }, [figure, reducedMotion]);

  return (
    <>
      <VisuallyHidden>{figure}</VisuallyHidden>
      <span ref={ref} aria-hidden style={{ fontVariantNumeric: "tabular-nums" }}>
        {shown}
      </span>
    </>
  );
}
