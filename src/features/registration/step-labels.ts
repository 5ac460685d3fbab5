import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * How much of the stepper's labels shows (issue 30: at 820 px in French the four labels
 * wrapped onto a ragged second row): every label, the current step's only, or none (the
 * numbered circles; each keeps its full label for screen readers, the step's heading names it).
 */
const MODES = ["all", "current", "none"] as const;

/** Room between two steps that still reads as a line between them, in px. */
const MIN_SEPARATOR = 16;

/** The steps sit on one row with a visible line between each two. */
function fitsOneRow(root: HTMLElement): boolean {
  const steps = Array.from(root.querySelectorAll<HTMLElement>(".mantine-Stepper-step"));
  const top = steps[0]?.getBoundingClientRect().top;
  const right = root.getBoundingClientRect().right;
  return (
    steps.every(
      (step) =>
        Math.abs(step.getBoundingClientRect().top - top!) < 1 &&
        step.getBoundingClientRect().right <= right + 0.5,
    ) &&
    Array.from(root.querySelectorAll<HTMLElement>(".mantine-Stepper-separator")).every(
      (separator) => separator.getBoundingClientRect().width >= MIN_SEPARATOR,
    )
  );
}

/** Shows as many labels as fit one row: `data-labels` on the stepper (registration.css). */
export function fitStepLabels(root: HTMLElement): void {
  for (const mode of MODES) {
    root.dataset.labels = mode;
    if (mode === "none" || fitsOneRow(root)) return;
  }
}

/**
 * A ref for the registration stepper that keeps its labels fitting: measured when the stepper
 * appears, when the step or the language changes (another label) and when its width does.
 * Until the page runs, the screen's width decides (registration.css).
 */
export function useStepLabelsFit<T extends HTMLElement>(step: number, language: string) {
  const node = useRef<T | null>(null);
  const ref = useCallback((root: T | null) => {
    node.current = root;
    if (!root) return;
    fitStepLabels(root);
    // The stepper's width does not depend on its labels: no loop of measurements.
    let width = root.clientWidth;
    const observer = new ResizeObserver(() => {
      if (root.clientWidth === width) return;
      width = root.clientWidth;
      fitStepLabels(root);
    });
    observer.observe(root);
    return () => {
      node.current = null;
      observer.disconnect();
    };
  }, []);
  useLayoutEffect(() => {
    if (node.current) fitStepLabels(node.current);
  }, [step, language]);
  return ref;
}
