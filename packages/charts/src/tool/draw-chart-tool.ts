import { queryResultsTool } from '@opendata-mcp/analysis';
import { defineTool, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { z } from 'zod';
import { CHART_APP_URI } from '../app/chart-app-resource.js';
import { type ChartLimits, DEFAULT_CHART_LIMITS } from '../chart-limits.js';
import { ChartSpecSchema } from '../chart-spec.js';
import { MAX_LABEL_CHARS } from '../cut-labels.js';
import { drawChart } from '../draw-chart.js';
import { loadRenderer } from '../load-renderer.js';

const READ_ONLY_CLOSED_WORLD = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  // It draws what this server already holds: no portal is asked.
  openWorldHint: false,
};

/** The table name a lone `result_id` gets in the query that reads it. */
const LONE_RESULT = 'kept';

const inputSchema = ChartSpecSchema.extend({
  result_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("An earlier answer's result_id, drawn as it is; or give results with sql."),
  results: z
    .record(z.string(), z.string().max(64))
    .optional()
    .describe('With sql: names mapped to result_id values, as in query_results (default: none).'),
  sql: z
    .string()
    .min(1)
    .max(20_000)
    .optional()
    .describe(
      'With results: one SELECT over the named tables, as in query_results; the chart draws its rows.',
    ),
}).strict();

const outputSchema = z.object({
  vega_lite: z
    .record(z.string(), z.unknown())
    .describe('The Vega-Lite v6 spec that draws this chart, data inline: render it anywhere Vega-Lite runs.'),
  alt_text: z
    .string()
    .describe(
      'What the chart shows in words: series, their spans, first and last values, extremes, sources.',
    ),
  caption: z
    .string()
    .describe(
      'Every source the drawn numbers come from, one citation a line, as drawn under the chart; source.query holds the SQL that read them.',
    ),
  image: z
    .object({
      mime_type: z.literal('image/png'),
      width: z.number().int().describe('Width of the PNG in pixels.'),
      height: z.number().int().describe('Height of the PNG in pixels.'),
      bytes: z.number().int().describe('Size of the PNG in bytes.'),
    })
    .describe('The picture sent as image content beside this answer.'),
  points: z.number().int().describe('Points drawn (rows with both an x and a y value).'),
  series: z.array(z.string()).describe('Series names in the order of the legend; empty without series.'),
  notes: z
    .array(z.string())
    .describe('What was changed to draw the table, e.g. labels over 100 characters cut; usually empty.'),
});

/** The draw_chart tool over kept results, with the given caps on points, series and image size. */
export function createDrawChartTool(limits: Partial<ChartLimits> = {}) {
  const caps = { ...DEFAULT_CHART_LIMITS, ...limits };
  return defineTool({
    name: 'draw_chart',
    title: 'Draw a chart of kept results',
    description:
      'Draws an earlier answer, or a query over several (results and sql as in query_results), as a ' +
      'line, bar, scatter or area chart, one series per value of a column. Answers with a PNG, its ' +
      'Vega-Lite spec, alt text stating the values and the sources as caption. Filter with sql first ' +
      `when the table has rows you do not want drawn. Caps: ${caps.maxPoints} points, ${caps.maxSeries} ` +
      `series, ${caps.maxImageSide} pixels a side, ${Math.round(caps.maxAnswerBytes / 1024)} KiB of spec and ` +
      `PNG together (resource_too_large past them); labels over ${MAX_LABEL_CHARS} characters are cut. ` +
      `query_timeout: the chart took over ${caps.renderTimeoutMs / 1000} s to draw, draw less. not_found: the ` +
      'result expired, run its call again.',
    input: inputSchema,
    output: outputSchema,
    annotations: READ_ONLY_CLOSED_WORLD,
    meta: { ui: { resourceUri: CHART_APP_URI }, 'ui/resourceUri': CHART_APP_URI },
    example: { result_id: '<result_id>', mark: 'line', x: 'TIME_PERIOD', y: 'value', series: 'REF_AREA' },
    async execute(input, ctx) {
      const { result_id, results, sql, ...spec } = input;
      // The renderer process boots while the table is read, if none is waiting already. (Should
      // loading fail, drawing below fails the same way and says so.)
      void loadRenderer().then(
        (renderer) => renderer.warmRenderer(),
        () => undefined,
      );
      const table = await readTable(ctx, result_id, results, sql);
      // Drawing can take seconds; a client that asked for progress hears when it starts.
      void ctx.progress({ progress: 1, total: 2, message: 'Table read; drawing the chart.' });
      const chart = await drawChart(
        {
          columns: table.columns,
          rows: table.rows,
          citations: table.sources.map((s) => s.citation),
          units: table.units,
        },
        spec,
        caps,
        { signal: ctx.signal },
      );
      return {
        data: {
          vega_lite: chart.vegaLite as unknown as Record<string, unknown>,
          alt_text: chart.altText,
          caption: chart.caption,
          image: {
            mime_type: 'image/png' as const,
            width: chart.width,
            height: chart.height,
            bytes: chart.png.byteLength,
          },
          points: chart.points,
          series: chart.series,
          notes: chart.notes,
        },
        source: table.source,
        images: [{ type: 'image', data: Buffer.from(chart.png).toString('base64'), mimeType: 'image/png' }],
        // A picture is no table to combine further; the results it was drawn from stay kept.
        keep: false,
      };
    },
  });
}

/**
 * The table to draw, read by query_results' own code: a lone result as `SELECT * FROM kept`, or the
 * agent's query. So the chart sees the same columns, types, added period and label columns, and
 * sources an agent sees from query_results.
 */
async function readTable(
  ctx: ToolContext,
  resultId: string | undefined,
  results: Record<string, string> | undefined,
  sql: string | undefined,
) {
  const lone = resultId !== undefined;
  if (
    lone === (results !== undefined || sql !== undefined) ||
    (!lone && (results === undefined || sql === undefined))
  ) {
    throw new OpenDataError('invalid_input', 'Give either result_id, or results together with sql.', {
      hint: 'To draw one answer: {"result_id": "<result_id>", …}. To draw a query: {"results": {"a": "<result_id>"}, "sql": "SELECT … FROM a", …}.',
    });
  }
  const query = lone
    ? { results: { [LONE_RESULT]: resultId }, sql: `SELECT * FROM ${LONE_RESULT}` }
    : { results: results ?? {}, sql: sql ?? '' };
  const answer = await queryResultsTool.execute(queryResultsTool.input.parse({ ...query, limit: 1 }), ctx);
  if (answer.keep === undefined || answer.keep === false || !('table' in answer.keep)) {
    throw new OpenDataError(
      'resource_too_large',
      'The query gives more rows than a chart can be drawn from.',
      {
        hint: 'Aggregate or filter in sql (GROUP BY a period, WHERE a series) to draw fewer points.',
      },
    );
  }
  const { table } = answer.keep;
  const columns = table.columns.map((c) => (typeof c === 'string' ? { name: c, type: 'VARCHAR' } : c));
  return {
    columns,
    rows: ('rowsJson' in table ? JSON.parse(table.rowsJson) : table.rows) as Array<
      Array<string | number | boolean | null>
    >,
    sources: answer.data.sources,
    units: answer.data.units,
    source: answer.source,
  };
}
