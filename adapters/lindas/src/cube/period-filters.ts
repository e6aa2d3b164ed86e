import { OpenDataError } from '@opendata-mcp/core';
import type { NamedDimension } from './dimension-names.js';
import type { ObservationFilter } from './observation-filter.js';

const TEMPORAL = /#(date|dateTime|gYear|gYearMonth)$/;

/**
 * The cube's one temporal key dimension (a date, date-time, year or year-month literal), which the
 * period options read; a cube with none or several is refused, naming the option asked for.
 */
export function temporalKey(dimensions: NamedDimension[], option: string): NamedDimension {
  const temporal = dimensions.filter((d) => d.role === 'key' && d.datatype && TEMPORAL.test(d.datatype));
  if (temporal.length !== 1) {
    throw new OpenDataError(
      'invalid_input',
      temporal.length === 0
        ? `This cube has no date or year key dimension for ${option} to read.`
        : `This cube has several time dimensions (${temporal.map((d) => d.name).join(', ')}): ${option} cannot tell which to read.`,
      {
        hint:
          'Filter the period dimension directly: {"<dimension>": "<value>"} (list_dimension_values gives ' +
          'its values), or {"<dimension>": {"gte": "2020-01-01"}} on a date.',
      },
    );
  }
  return temporal[0] as NamedDimension;
}

/**
 * `start_period` / `end_period` (the SDMX-style period range, docs/VOCABULARY.md) as comparisons on
 * the cube's one temporal key dimension, the period widened to its first or last day so that
 * "2020" includes every date of 2020.
 */
export function periodFilters(
  dimensions: NamedDimension[],
  start: string | undefined,
  end: string | undefined,
): ObservationFilter[] {
  if (!start && !end) return [];
  const dimension = temporalKey(
    dimensions,
    start && end ? 'start_period and end_period' : start ? 'start_period' : 'end_period',
  );
  const kind = /#(\w+)$/.exec(dimension.datatype ?? '')?.[1] ?? 'date';
  const filters: ObservationFilter[] = [];
  if (start) filters.push({ dimension: dimension.path, op: '>=', value: bound(start, 'first', kind) });
  if (end) filters.push({ dimension: dimension.path, op: '<=', value: bound(end, 'last', kind) });
  return filters;
}

/** The first or last day (or month, year, instant) of a period in the form the dimension stores. */
function bound(period: string, side: 'first' | 'last', kind: string): string {
  const match = /^(\d{4})(?:-(?:Q([1-4])|(\d{2}))(?:-(\d{2}))?)?$/.exec(period);
  if (!match) {
    throw new OpenDataError(
      'invalid_input',
      `"${period.slice(0, 20)}" is not a period such as 2020, 2020-Q1, 2020-03 or 2020-03-31.`,
    );
  }
  const [, year, quarter, month, day] = match;
  if (kind === 'gYear') return year as string;
  const firstMonth = quarter ? (Number(quarter) - 1) * 3 + 1 : month ? Number(month) : 1;
  const lastMonth = quarter ? Number(quarter) * 3 : month ? Number(month) : 12;
  const m = side === 'first' ? firstMonth : lastMonth;
  const mm = String(m).padStart(2, '0');
  if (kind === 'gYearMonth') return `${year}-${mm}`;
  const lastDay = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  const dd = day ?? (side === 'first' ? '01' : String(lastDay).padStart(2, '0'));
  const date = `${year}-${mm}-${dd}`;
  if (kind === 'dateTime') return side === 'first' ? `${date}T00:00:00` : `${date}T23:59:59`;
  return date;
}
