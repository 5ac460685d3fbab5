// The type of stryker.config.mjs for scripts/mutation.ts, which reads its `mutate` list and the files not measured yet.
import type { PartialStrykerOptions } from "@stryker-mutator/api/core";

export declare const notYetMeasured: string[];
declare const config: PartialStrykerOptions;
export default config;
