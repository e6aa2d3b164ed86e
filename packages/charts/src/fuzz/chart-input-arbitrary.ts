import type { Cell } from '@opendata-mcp/core';
import fc from 'fast-check';
import { CHART_MARKS, type ChartSpecInput } from '../chart-spec.js';
import type { ChartTable } from '../chart-table.js';

/** Characters that break text handling: controls, bidi overrides, lone surrogates, markup, emoji. */
const AWKWARD = [
  '\u0000',
  '\u0007',
  '\n',
  '\r',
  '\t',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
  '<',
  '&',
  '"',
  "'",
  '>',
  '…',
  '😀',
  '👩‍👩‍👧',
  'é',
  'e\u0301',
  '中',
  'ﷺ',
];

const awkwardText = fc.string({ unit: fc.constantFrom(...AWKWARD), maxLength: 40 });

/** A label: ordinary, awkward, any code points, or long (up to 4,000 characters). */
const label = fc.oneof(
  fc.string({ maxLength: 20 }),
  awkwardText,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc
    .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', '<'), fc.integer({ min: 90, max: 4_000 }), fc.nat(99))
    .map(([char, times, n]) => `${char.repeat(times)}${n}`),
);

const yCell: fc.Arbitrary<Cell> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, '12.5', '1e308', ' ', 'NaN'),
);

export interface ChartCase {
  table: ChartTable;
  spec: ChartSpecInput;
}

/**
 * A table of up to `maxRows` rows (labels, numbers, optional series names) and a spec over it. Row
 * counts reach past the point cap now and then, series past the series cap.
 */
export function chartCase(maxRows: number): fc.Arbitrary<ChartCase> {
  return fc
    .record({
      mark: fc.constantFrom(...CHART_MARKS),
      labels: fc.array(label, { minLength: 1, maxLength: 40 }),
      series: fc.option(fc.array(label, { minLength: 1, maxLength: 12 }), { nil: undefined }),
      rows: fc.integer({ min: 1, max: maxRows }),
      ys: fc.array(yCell, { minLength: 1, maxLength: 20 }),
      xTitle: fc.option(fc.string({ unit: fc.constantFrom(...AWKWARD, 'x'), minLength: 1, maxLength: 80 }), {
        nil: undefined,
      }),
      title: fc.option(
        fc.string({ unit: fc.constantFrom(...AWKWARD, 'a', ' '), minLength: 1, maxLength: 120 }),
        {
          nil: undefined,
        },
      ),
    })
    .map(({ mark, labels, series, rows, ys, xTitle, title }) => ({
      table: {
        columns: [
          { name: 'label', type: 'VARCHAR' },
          { name: 'value', type: 'DOUBLE' },
          { name: 'group', type: 'VARCHAR' },
        ],
        rows: Array.from({ length: rows }, (_, i) => [
          `${labels[i % labels.length]}${i < labels.length ? '' : ` ${i}`}`,
          ys[i % ys.length] ?? null,
          series ? (series[i % series.length] ?? null) : null,
        ]),
        citations: ['Test office: fuzzed table.'],
      },
      spec: {
        mark,
        x: 'label',
        y: 'value',
        ...(series ? { series: 'group' } : {}),
        ...(title ? { title } : {}),
        ...(xTitle ? { x_title: xTitle } : {}),
      },
    }));
}
