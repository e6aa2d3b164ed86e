import { z } from 'zod';

export const CHART_MARKS = ['line', 'bar', 'scatter', 'area'] as const;
export type ChartMark = (typeof CHART_MARKS)[number];

const columnName = z.string().min(1).max(200);

/**
 * What an agent writes to get a chart: a mark and the columns it plots. Everything else (scales, axes,
 * colours, the caption) follows from the table, so the spec needs no knowledge of a plotting library.
 */
export const ChartSpecSchema = z.strictObject({
  mark: z
    .enum(CHART_MARKS)
    .describe(
      'line: a trend; bar: amounts per category, series side by side; scatter: two measures; ' +
        'area: filled lines, stacked.',
    ),
  x: columnName.describe('Column on the horizontal axis: a period, a date, a category or a number.'),
  y: columnName.describe('Column on the vertical axis; numbers.'),
  series: columnName
    .optional()
    .describe(
      'Column that splits the rows into series, one colour each, e.g. a country code (default: none).',
    ),
  title: z.string().min(1).max(120).optional().describe('Title above the chart, 1..120 characters.'),
  x_title: z.string().min(1).max(80).optional().describe('Axis title for x (default: the column name).'),
  y_title: z.string().min(1).max(80).optional().describe('Axis title for y (default: the column name).'),
  width: z
    .number()
    .int()
    .min(200)
    .max(1200)
    .default(640)
    .describe('Plot width in pixels, 200..1200 (default 640), axes and legend aside.'),
  height: z
    .number()
    .int()
    .min(120)
    .max(900)
    .default(360)
    .describe('Plot height in pixels, 120..900 (default 360), title and caption aside.'),
});

export type ChartSpec = z.output<typeof ChartSpecSchema>;
export type ChartSpecInput = z.input<typeof ChartSpecSchema>;
