// Browser journeys against the real portal on Playwright Test (playwright.config.ts): expects a
// built dist/ (`npm run build`); each of the two workers starts the real server on a throwaway
// database. Prints Playwright's list, then "N passed, N failed" counting each journey once (a
// worker whose setup failed counts its journeys as failed). The HTML report, with traces and
// screenshots of failures, is in var/playwright-report (`npx playwright show-report
// var/playwright-report`).
// Usage: [STATIC_DIR=build] node scripts/e2e.mjs [filter]   (filter: a part of a spec file's
// path, e.g. `checkout`, or of a journey's name)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { ROOT as root } from "./lib/portal.mjs";

const filter = process.argv[2] ?? "";
const distDir = resolve(process.env.STATIC_DIR ?? join(root, "dist"));
if (!existsSync(join(distDir, "index.html"))) {
  console.error(`${distDir} is missing: run \`npm run build\` first.`);
  process.exit(2);
}

const report = join(root, "var", "test-results", "playwright.json");
rmSync(report, { force: true });

/** Runs Playwright Test with extra arguments; the JSON report's counts (none: one error). */
function run(args) {
  spawnSync("npx", ["playwright", "test", ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, STATIC_DIR: distDir },
  });
  if (!existsSync(report)) return { stats: null, errors: 1 };
  const json = JSON.parse(readFileSync(report, "utf8"));
  // Errors outside any journey: a spec file that did not load, a broken configuration.
  return { stats: json.stats, errors: json.errors?.length ?? 0 };
}

// A filter that is a part of a spec file's path picks files; otherwise it greps journey names.
const specFiles = ["e2e", join("tests", "browser")].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => join(dir, f)),
);
const byFile = filter !== "" && specFiles.some((file) => file.includes(filter));
const outcome = run(filter === "" ? [] : byFile ? [filter] : ["-g", filter]);

const { stats, errors } = outcome;
const passed = stats ? stats.expected : 0;
// Unexpected (failed), flaky (passed only on a retry) and skipped journeys count as failed, each
// once; an error outside the journeys (a file that does not load) counts as one failure each.
const failed = (stats ? stats.unexpected + stats.flaky + stats.skipped : 0) + errors;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
