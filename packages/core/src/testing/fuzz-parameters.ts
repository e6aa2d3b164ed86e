/**
 * Property runs per fuzz test: a bounded number in the test suite, that number times
 * OPENDATA_FUZZ_SCALE under `pnpm fuzz` (50 unless set). A failing run prints its seed and its
 * shrunk input, so it can be replayed with OPENDATA_FUZZ_SEED.
 */
function scale(): number {
  const requested = Number(process.env.OPENDATA_FUZZ_SCALE);
  return Number.isFinite(requested) && requested > 0 ? requested : 1;
}

/**
 * The test suite replays one fixed sample, so a green commit stays green on every machine; `pnpm fuzz`
 * draws a fresh seed each time to explore. OPENDATA_FUZZ_SEED replays a reported run either way.
 */
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
