import type { Provenance, ToolContext } from '@opendata-mcp/core';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { compactSource, type Question } from './prepare-question.js';

/**
 * The answers a compact tool gives instead of values, the same in each of them: a filter that fits
 * several codes (nothing is read; the candidates are in `ambiguous`), and a slice the registry
 * holds no observation for (an answer, not an outage).
 */
export function ambiguousAnswer<Empty extends object>(
  rt: SdmxRuntime,
  ctx: ToolContext,
  question: Question,
  empty: Empty,
  message = 'A filter value fits several codes; choose one code from ambiguous and ask again.',
) {
  return {
    data: { ...empty, status: 'ambiguous' as const, series_key: '', message },
    source: compactSource(rt, ctx, question, null),
  };
}

export function noObservationsAnswer<Empty extends object>(
  empty: Empty,
  seriesKey: string,
  source: Provenance,
  message = 'The registry holds no observation for this slice and period.',
) {
  return { data: { ...empty, status: 'no_observations' as const, series_key: seriesKey, message }, source };
}
