// @ts-check
/**
 * Mutation testing of the machines and the domain rules (`npm run test:mutation`, decision
 * 032). Incremental: only mutants of changed code, or covered by changed tests, run again; the
 * rest come from stryker/incremental.json, which is committed so CI starts from it.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: "vitest",
  // `related`: a mutant runs only the test files that import its file (static mutants too).
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  mutate: ["machines/**/*.ts", "!machines/unprovided.ts", "server/domain/**/*.ts"],
  coverageAnalysis: "perTest",
  // Every covering test runs against each mutant, so the report says which tests kill it:
  // the generated path tests alone, or the hand-written ones too.
  disableBail: true,
  incremental: true,
  incrementalFile: "stryker/incremental.json",
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "var/stryker/report.json" },
  tempDirName: "var/stryker-tmp",
  cleanTempDir: "always",
  // The scores are checked per part (machines, domain) by scripts/mutation.ts.
  thresholds: { high: 95, low: 85, break: null },
};
export default config;
