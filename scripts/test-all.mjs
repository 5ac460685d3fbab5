#!/usr/bin/env node
// `npm test`: every suite, then one closing line "N passed, N failed" counting each test once.
// Suites run one after another; a suite that crashes before reporting counts as one failure.
// Checks (codegen up to date, mutation score, web build) are reported
// by name, not counted as tests: a failing check counts as one failure, a passing one adds
// nothing. The machine paths are counted once, as the vitest tests of tests/machines.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const out = "var/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const suites = [
  {
    name: "codegen is up to date",
    run: ["node", ["scripts/check-codegen.mjs"]],
    check: true,
  },
  {
    name: "unit and integration (vitest)",
    run: [
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${out}/vitest.json`],
    ],
    count: () => {
      const file = `${out}/vitest.json`;
      if (!existsSync(file)) return undefined;
      const r = JSON.parse(readFileSync(file, "utf8"));
      // A file that failed without a failing test (it did not load, or a beforeAll threw and
      // its tests were skipped) failed: its skipped tests count as failed, or the file as one.
      let failed = r.numFailedTests;
      let skipped = r.numPendingTests + r.numTodoTests;
      for (const f of r.testResults) {
        if (f.status !== "failed") continue;
        const statuses = f.assertionResults.map((a) => a.status);
        if (statuses.includes("failed")) continue;
        const notRun = statuses.filter((s) => s !== "passed").length;
        failed += Math.max(notRun, 1);
        skipped -= notRun;
      }
      return { passed: r.numPassedTests, failed, skipped };
    },
  },
  // The machines' path coverage (every state and transition, guards both ways) is checked once,
  // by tests/machines/docs.test.ts in the vitest run, with the same reports `npm run test:paths`
  // prints: replaying every path a second time here cost CI six minutes (issue 34).
  {
    // Stryker in incremental mode from the committed stryker/incremental.json: only mutants of
    // changed machines or domain files, or of changed test files, run again; then the bars of
    // decision 036 are checked (machines 85% by the path tests alone, 95% with every test;
    // domain 90%; every file measured but those stryker.config.mjs declares not measured yet).
    // A change left out of the committed file costs its mutants' time here, so a change to a
    // machine, a domain file or their tests comes with `npm run test:mutation` committed.
    name: "mutation score (Stryker, incremental; bars of decision 036)",
    run: ["npm", ["run", "--silent", "test:mutation:check"]],
    check: true,
  },
  {
    name: "build the web app",
    run: ["npx", ["vite", "build", "--logLevel", "warn"]],
    check: true,
  },
  {
    name: "browser journeys (Playwright Test in Debian Chromium, two workers)",
    run: ["node", ["scripts/e2e.mjs"]],
    capture: true,
    count: (code, output) => {
      const m = /^(\d+) passed, (\d+) failed/m.exec(output.split("\n").reverse().join("\n"));
      if (!m) return undefined;
      return { passed: Number(m[1]), failed: Number(m[2]), skipped: 0 };
    },
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const checks = [];
for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const [cmd, args] = suite.run;
  // Suites whose own summary line is read are captured, and echoed as they were.
  const result = spawnSync(cmd, args, {
    stdio: suite.capture ? ["inherit", "pipe", "inherit"] : "inherit",
    env: process.env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (suite.capture) process.stdout.write(result.stdout ?? "");
  if (suite.check) {
    checks.push(`${suite.name}: ${result.status === 0 ? "ok" : "FAILED"}`);
    if (result.status !== 0) failed++;
    continue;
  }
  const counted = suite.count(result.status ?? 1, result.stdout ?? "") ?? {
    passed: 0,
    failed: 1,
    skipped: 0,
  };
  if (result.status !== 0 && counted.failed === 0) counted.failed = 1;
  passed += counted.passed;
  failed += counted.failed;
  skipped += counted.skipped;
}
console.log(`\nChecks:\n${checks.map((c) => `  ${c}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
