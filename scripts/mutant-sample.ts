/**
 * `npm run test:mutant-sample`: does the suite fail on mutants picked at random? (issue 19,
 * "any ten mutants you pick at random make `npm test` fail"; decision 036).
 *
 * Picks mutants at random from the committed Stryker report (`stryker/incremental.json`), over
 * every measured file of `machines/` and `server/domain/` alike, whatever Stryker said of them
 * (only the mutants Stryker ignores by a `Stryker disable` comment are not candidates). For each
 * one it writes the mutated file into the working tree, runs the tests of
 * `vitest.mutation.config.ts` that import the file (`vitest related`, as Stryker does; they are
 * part of `npm test`), puts the file back, and prints whether the tests failed. Stryker's own
 * verdict stands beside it, so a disagreement shows. Without Stryker in the loop: the source
 * is changed on disk and the tests run as `npm test` runs them.
 *
 *   --count <n>   how many mutants (default 10)
 *   --seed <n>    the random seed (default: a new one, printed, so a sample can be replayed)
 *
 * Exits 1 when a mutant made no test fail. A file changed since the report was written is
 * skipped (its mutants' positions would be wrong): run `npm run test:mutation` first.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import fc from "fast-check";

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  id: string;
  mutatorName: string;
  replacement: string;
  status: string;
  location: { start: Position; end: Position };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { count: { type: "string", default: "10" }, seed: { type: "string" } },
});
const count = Number(values.count);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error("usage: npm run test:mutant-sample -- [--count <n>] [--seed <n>]");
  process.exit(2);
}

/** The offset in `source` of a report position (lines and columns count from 1). */
function offsetOf(source: string, at: Position): number {
  let offset = 0;
  for (let line = 1; line < at.line; line++) offset = source.indexOf("\n", offset) + 1;
  return offset + at.column - 1;
}

/** `source` with the mutant's replacement written over its location. */
function mutated(source: string, mutant: Mutant): string {
  const start = offsetOf(source, mutant.location.start);
  const end = offsetOf(source, mutant.location.end);
  return source.slice(0, start) + mutant.replacement + source.slice(end);
}

function main() {
  const report = JSON.parse(
    readFileSync(path.join(ROOT, "stryker", "incremental.json"), "utf8"),
  ) as Report;
  const candidates: { file: string; mutant: Mutant }[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    if (readFileSync(path.join(ROOT, file), "utf8") !== source) {
      console.error(`skipped ${file}: changed since the report (run npm run test:mutation)`);
      continue;
    }
    for (const mutant of mutants) {
      if (mutant.status !== "Ignored") candidates.push({ file, mutant });
    }
  }
  // fast-check's generator, seeded: `--seed` replays a sample exactly.
  const size = Math.min(count, candidates.length);
  const [picked = []] = fc.sample(
    fc.uniqueArray(fc.nat({ max: candidates.length - 1 }), { minLength: size, maxLength: size }),
    { seed, numRuns: 1 },
  );
  console.log(
    `${picked.length} of ${candidates.length} mutants, seed ${seed} (replay: npm run test:mutant-sample -- --count ${count} --seed ${seed})\n`,
  );
  let missed = 0;
  for (const index of picked) {
    const { file, mutant } = candidates[index]!;
    const full = path.join(ROOT, file);
    const original = readFileSync(full, "utf8");
    const where = `${file}:${mutant.location.start.line}:${mutant.location.start.column}`;
    let failed: boolean;
    try {
      writeFileSync(full, mutated(original, mutant));
      const run = spawnSync(
        "npx",
        [
          "vitest",
          "related",
          file,
          "--run",
          "--config",
          "vitest.mutation.config.ts",
          "--bail=1",
          "--passWithNoTests",
        ],
        {
          cwd: ROOT,
          encoding: "utf8",
          env: { ...process.env, CI: "1" },
          // A failing path test prints every path it broke: the report is read, not kept.
          stdio: ["ignore", "ignore", "pipe"],
          maxBuffer: 512 * 1024 * 1024,
        },
      );
      // vitest exits 1 when a test failed; any other status is a run that did not happen.
      if (run.status !== 0 && run.status !== 1) {
        throw new Error(
          `vitest exited ${run.status} (${run.error?.message ?? run.signal}):\n${run.stderr.slice(-2000)}`,
        );
      }
      failed = run.status === 1;
    } finally {
      writeFileSync(full, original);
    }
    if (!failed) missed++;
    const replacement = JSON.stringify(mutant.replacement.replace(/\s+/g, " ")).slice(0, 50);
    console.log(
      `${failed ? "tests failed " : "TESTS PASSED"} | ${where} | ${mutant.mutatorName} → ${replacement} | Stryker: ${mutant.status}`,
    );
  }
  console.log(
    `\n${picked.length - missed} of ${picked.length} mutants made the tests fail (seed ${seed}).`,
  );
  process.exit(missed > 0 ? 1 : 0);
}

main();
