/**
 * Property runs per fuzz test, as packages/tabular/src/fuzz/fuzz-runs.ts counts them: a bounded
 * number in the test suite, times OPENDATA_FUZZ_SCALE under `pnpm fuzz`, one fixed seed in the suite
 * (fresh under `pnpm fuzz`), and OPENDATA_FUZZ_SEED to replay a reported run.
 */
function scale(): number {
  const requested = Number(process.env.OPENDATA_FUZZ_SCALE);
  return Number.isFinite(requested) && requested > 0 ? requested : 1;
}

const SUITE_SEED = 20_261_203;

function seed(): number | undefined {
  const requested = Number(process.env.OPENDATA_FUZZ_SEED);
  if (process.env.OPENDATA_FUZZ_SEED && Number.isInteger(requested)) return requested;
  return process.env.OPENDATA_FUZZ_SCALE ? undefined : SUITE_SEED;
}

/** fast-check parameters of a fuzz test: its runs, and the seed that makes the suite reproducible. */
export function fuzzParameters(ciRuns: number): { numRuns: number; seed?: number } {
  const numRuns = Math.max(1, Math.round(ciRuns * scale()));
  const fixed = seed();
  return fixed === undefined ? { numRuns } : { numRuns, seed: fixed };
}

/** Time budget of a fuzz test: the CI bound, scaled with the runs. */
export function fuzzTimeout(ciMs: number): number {
  return Math.round(ciMs * scale());
}
