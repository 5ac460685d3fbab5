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
  // A mutant's run stops at its first failing test (a killed mutant costs one group of paths,
  // not every test). Each machine's test file runs its generated path tests before its
  // hand-written ones, so the test named as the killer is a path test whenever one kills it
  // first; the path tests' score is therefore a lower bound (decision 036).
  disableBail: false,
  incremental: true,
  incrementalFile: "stryker/incremental.json",
  concurrency: 2,
  // On top of 1.5 times the tests' own time in the initial run: a mutant that loops a machine
  // forever is called a timeout (and counts as killed) after 15 s, not a minute.
  timeoutMS: 15_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "var/stryker/report.json" },
  tempDirName: "var/stryker-tmp",
  cleanTempDir: "always",
  // The scores are checked per part (machines, domain) by scripts/mutation.ts.
  thresholds: { high: 95, low: 85, break: null },
};
export default config;
