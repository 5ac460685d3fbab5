import { defineConfig } from "vitest/config";

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`, decision 032): the
 * machines' generated path tests with the hand-written machine tests beside them, and the
 * domain rules' tests. No database: none of them needs one. The docs test is left out on
 * purpose: a mutant that only changes a diagram is not a behaviour a test caught.
 */
export default defineConfig({
  test: {
    include: [
      "tests/machines/*.paths.test.ts",
      "tests/machines/*.cases.test.ts",
      "tests/server/domain/*.test.ts",
      "tests/rules/*.test.ts",
    ],
    testTimeout: 120_000,
    pool: "forks",
    // A test file a mutant stopped from loading counts as one failed test (see the reporter).
    reporters: ["default", "./tests/support/unloadable-file-reporter.ts"],
  },
});
