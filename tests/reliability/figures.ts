import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Where reliability tests leave their figures; `npm run test:reliability` turns them into docs. */
export const FIGURES_DIR = "var/test-results/reliability";

/** How long the mixed load runs: short in `npm test`, five minutes with `--full`. */
export const LOAD_SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 20);

/**
 * Records the figures of one check (e.g. routes x identities tried, inputs tried, orders lost) so
 * `scripts/reliability.mjs` can write them into docs/reliability.md. One file per check and
 * backend; a later call for the same key replaces the earlier one.
 */
export function recordFigures(
  check: string,
  figures: Record<string, number | string>,
  backend = "",
): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const key = `${check}${backend ? ` (${backend})` : ""}`;
  const file = join(FIGURES_DIR, `${key.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.json`);
  writeFileSync(file, JSON.stringify({ check: key, figures, at: new Date().toISOString() }));
}
