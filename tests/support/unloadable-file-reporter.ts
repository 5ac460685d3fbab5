import type { Reporter, Vitest } from "vitest/node";

/**
 * For mutation runs only (`vitest.mutation.config.ts`): a test file that fails to load (a
 * mutant made its import throw) gets one failed test, "the test file loads", carrying the load
 * error. Stryker's vitest runner (9.6.1, and 10.0 too: stryker-js issue 6150) builds a mutant's
 * result from the tests it collected, and such a file has none, so the mutant counted as
 * survived although no test of the file could run. A file that loaded is left as it is.
 */
export default class UnloadableFileReporter implements Reporter {
  private ctx: Vitest | undefined;

  onInit(ctx: Vitest) {
    this.ctx = ctx;
  }

  onTestRunEnd() {
    for (const file of this.ctx?.state.getFiles() ?? []) {
      if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
      // vitest types a test with a context only it can build; nothing reads it after the run.
      file.tasks.push({
        type: "test",
        id: `${file.id}_loads`,
        name: "the test file loads",
        fullName: `${file.name} the test file loads`,
        mode: "run",
        file,
        suite: file,
        meta: {},
        annotations: [],
        artifacts: [],
        timeout: 0,
        result: { state: "fail", errors: file.result.errors, duration: 0 },
        context: undefined as never,
      } as unknown as (typeof file.tasks)[number]);
    }
  }
}
