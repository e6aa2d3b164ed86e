import { OpenDataError } from '@opendata-mcp/core';
import { z } from 'zod';
import { PeriodSchema } from '../registry/sdmx-ids.js';

/** Which periods a compact answer reads: a range (either end open), the last N, or all. */
export type TimeSelection =
  | { kind: 'range'; start: string | null; end: string | null }
  | { kind: 'last'; n: number };

export const PeriodOrLatestSchema = z
  .union([z.literal('latest'), PeriodSchema])
  .default('latest')
  .describe('One period ("2020", "2020-Q1", "2020-03") or "latest" (default).');

export function selectionOf(period: string): TimeSelection {
  return period === 'latest' ? { kind: 'last', n: 1 } : { kind: 'range', start: period, end: period };
}

/** Query parameters of a time selection, as SDMX REST names them. */
export function timeParams(time: TimeSelection): Record<string, string | undefined> {
  if (time.kind === 'last') return { lastNObservations: String(time.n) };
  return { startPeriod: time.start ?? undefined, endPeriod: time.end ?? undefined };
}

// Only periods of one form compare as strings ("2020" vs "2019", "2020-Q1" vs "2020-Q3").
export function checkRange(start: string | undefined, end: string | undefined): void {
  if (start && end && start.length === end.length && start > end) {
    throw new OpenDataError('invalid_input', 'start_period is after end_period.', {
      hint: 'Swap the periods, or leave one out for an open range.',
    });
  }
}
