import { isOpenDataError } from '@opendata-mcp/core';
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LABEL_CHARS } from '../cut-labels.js';
import { drawChart } from '../draw-chart.js';
import { chartCase } from './chart-input-arbitrary.js';

const LIMITS = { maxPoints: 400, renderTimeoutMs: 5_000 };
/** Codes a fuzzed chart may be refused with; anything else (internal errors above all) fails. */
const EXPECTED_CODES = ['invalid_input', 'no_data', 'resource_too_large', 'query_timeout'];
/** The drawing is killed at its deadline; checks and the answer's way back take a little longer. */
const ANSWER_BOUND_MS = LIMITS.renderTimeoutMs + 10_000;

describe('draw a chart of fuzzed inputs', () => {
  it(
    'draws it within its deadline or refuses it with a stable code, never hangs, never draws a label over the limit',
    async () => {
      await fc.assert(
        fc.asyncProperty(chartCase(600), async ({ table, spec }) => {
          const started = performance.now();
          const outcome = await drawChart(table, spec, LIMITS).then(
            (chart) => ({ chart }),
            (error: unknown) => ({ error }),
          );
          expect(performance.now() - started).toBeLessThan(ANSWER_BOUND_MS);
          if ('error' in outcome) {
            expect(isOpenDataError(outcome.error), String(outcome.error)).toBe(true);
            if (isOpenDataError(outcome.error)) expect(EXPECTED_CODES).toContain(outcome.error.code);
            return;
          }
          const { chart } = outcome;
          expect(chart.png.byteLength).toBeGreaterThan(0);
          const data = (chart.vegaLite as { data: { values: Array<Record<string, unknown[]>> } }).data
            .values[0];
          for (const text of [...(data?.x ?? []), ...(data?.series ?? [])]) {
            if (typeof text === 'string')
              expect(Array.from(text).length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
          }
        }),
        fuzzParameters(8),
      );
    },
    fuzzTimeout(180_000),
  );
});
