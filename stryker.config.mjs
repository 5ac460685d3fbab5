// @ts-check
/**
 * Files whose mutants have not been measured yet (decision 036, "Not yet"): left out of every
 * run until their first run is done and committed, so that CI's incremental run does not
 * spend hours on them; `scripts/mutation.ts` lists them as not measured, and only these may
 * be missing from the report. Empty once every file has been measured.
 * @type {string[]}
 */
export const notYetMeasured = [
  // Third session of 2026-11-29: these machines and their models changed (a refused coupon, the
  // PO number's length; quick order's messages; the e-mail check on leaving registration's first
  // step; the invitation's Register), so Stryker reruns every mutant of each: 1,590 (about three
  // hours on the shared machine), more than was left of the session. Measured again in the next
  // session, then taken out of this list (decision 036, addendum of 2026-11-29).
  "machines/checkout.machine.ts",
  "machines/quick-order.machine.ts",
  "machines/registration.machine.ts",
  "machines/team-registration.machine.ts",
  // Issue 33 made rules/ the one home of the pure rules shared with the browser, and moved the
  // measured ones there from server/domain/ (their results kept). These were in rules/ before
  // and never in the mutation scope: measured in a later full run.
  "rules/address.ts",
  "rules/format.ts",
  "rules/language.ts",
  "rules/limits.ts",
  "rules/line-name.ts",
  "rules/password.ts",
  "rules/spending-limits.ts",
  "rules/text.ts",
];

/**
 * Mutation testing of the machines and the pure rules (server/domain/, rules/) (`npm run test:mutation`, decision
 * 032). Incremental: only mutants of changed code, or covered by changed tests, run again; the
 * rest come from stryker/incremental.json, which is committed so CI starts from it.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: "vitest",
  // `related`: a mutant runs only the test files that import its file (static mutants too).
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  // Left out: the test stand-ins for unprovided actors, a file of types only (no mutant), and
  // the files declared not measured yet (below).
  mutate: [
    "machines/**/*.ts",
    "!machines/unprovided.ts",
    "server/domain/**/*.ts",
    "rules/**/*.ts",
    "!rules/violations.ts",
    ...notYetMeasured.map((file) => `!${file}`),
  ],
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
  // The initial run of every test (with coverage per test) takes 3-5 minutes on a quiet 2-core
  // machine; Stryker's default limit of 5 failed CI's run on a slower one.
  dryRunTimeoutMinutes: 25,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "var/stryker/report.json" },
  tempDirName: "var/stryker-tmp",
  // The sandbox needs the sources and tests only: builds and test output (which a browser run
  // may be writing meanwhile) are not copied.
  ignorePatterns: ["var", "dist", "build"],
  cleanTempDir: "always",
  // The scores are checked per part (machines, domain) by scripts/mutation.ts.
  thresholds: { high: 95, low: 85, break: null },
};
export default config;
