/**
 * Property runs per fuzz test: a bounded number in the test suite, that number times
 * OPENDATA_FUZZ_SCALE under `pnpm fuzz` (50 unless set). A failing run prints its seed and its
 * shrunk input, so it can be replayed.
 */
function scale(): number {
  const requested = Number(process.env.OPENDATA_FUZZ_SCALE);
  return Number.isFinite(requested) && requested > 0 ? requested : 1;
}

export function fuzzRuns(ciRuns: number): number {
  return Math.max(1, Math.round(ciRuns * scale()));
}

/** Time budget of a fuzz test: the CI bound, scaled with the runs. */
export function fuzzTimeout(ciMs: number): number {
  return Math.round(ciMs * scale());
}
