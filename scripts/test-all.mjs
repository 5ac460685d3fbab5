#!/usr/bin/env node
// `npm test`: every suite, then one closing line "N passed, N failed" counting them all.
// Suites run one after another; a suite that crashes before reporting counts as one failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const out = "var/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const suites = [
  {
    name: "codegen is up to date",
    run: ["node", ["scripts/check-codegen.mjs"]],
    count: (code) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }),
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
      // A file that failed to load has no tests but failed: count it.
      const brokenFiles = r.testResults.filter(
        (f) => f.status === "failed" && f.assertionResults.length === 0,
      ).length;
      return {
        passed: r.numPassedTests,
        failed: r.numFailedTests + brokenFiles,
        skipped: r.numPendingTests + r.numTodoTests,
      };
    },
  },
  {
    name: "machine path coverage (every machine in machines/, 100% states and transitions)",
    run: ["node", ["--import", "tsx", "scripts/machine-paths.ts"]],
    capture: true,
    count: (code, output) => {
      const m = /^(\d+) passed, (\d+) failed \(machines/m.exec(output);
      if (!m) return undefined;
      return { passed: Number(m[1]), failed: Number(m[2]), skipped: 0 };
    },
  },
  {
    name: "build the web app",
    run: ["npx", ["vite", "build", "--logLevel", "warn"]],
    count: (code) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }),
  },
  {
    name: "browser journeys (Playwright in Debian Chromium)",
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
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
