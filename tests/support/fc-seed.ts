import fc from "fast-check";

/**
 * The seed of this run's property tests (fast-check): a new one each run, so the generated
 * inputs differ from run to run, printed so that a failure can be replayed with
 * `FC_SEED=<seed> npx vitest run <file>` (`RELIABILITY_SEED` is still read, for the bad-input
 * test). Importing this module sets it as fast-check's global seed.
 */
export const FC_SEED = (() => {
  const given = process.env.FC_SEED ?? process.env.RELIABILITY_SEED;
  if (given !== undefined && given.trim() !== "") {
    const seed = Number(given);
    if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${given}`);
    return seed;
  }
  return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
})();

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FC_SEED });
console.info(`fast-check seed ${FC_SEED} (replay with FC_SEED=${FC_SEED})`);
