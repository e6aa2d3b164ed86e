import {
  defineTool,
  type KeptSource,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  SqlResultShape,
  UnitsSchema,
} from '@opendata-mcp/core';
import type { JsonRowsResult } from '@opendata-mcp/tabular';
import { z } from 'zod';
import { openResults } from './open-results.js';
import { queryUnits } from './query-units.js';
import { checkResultNames, MAX_RESULTS } from './result-names.js';
import { resultsSource } from './results-source.js';

/** Rows of a query's result that are kept for another query; past it the answer is not kept. */
export const MAX_KEPT_ROWS = 100_000;
// Rows of one result an agent may page through; past that an aggregate serves better.
const MAX_OFFSET = 10_000;

const READ_ONLY_CLOSED_WORLD = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  // It reads only what this server already holds: no portal is asked.
  openWorldHint: false,
};

export const queryResultsTool = defineTool({
  name: 'query_results',
  title: 'Query kept results with SQL',
  description:
    'Combines earlier answers with one read-only SQL SELECT (DuckDB): joins, ratios, ' +
    'differences, rankings across backends. Name result_ids in results ({"m": "<result_id>"}) ' +
    'and query those names as tables. Coded columns also have <column>_label; period columns ' +
    '("2020", "2020-Q1") also have <column>_start, a DATE to join or sort by. The answer cites every ' +
    'source, gives units and its own result_id. not_found: the result expired, run its call again.',
  input: z
    .object({
      results: z
        .record(z.string(), z.string().max(64))
        .describe(
          `Table names of your choice (a letter, then letters, digits or _) mapped to result_id values, 1..${MAX_RESULTS}.`,
        ),
      sql: z
        .string()
        .min(1)
        .max(20_000)
        .describe(
          'One SELECT over the named tables, e.g. SELECT a.x, a.value / b.value AS ratio FROM a JOIN b USING (x).',
        ),
      limit: limitParam('Rows', 100, 20),
      offset: offsetParam('Rows of the result', MAX_OFFSET),
    })
    .strict(),
  output: z.object({
    ...SqlResultShape,
    units: UnitsSchema.describe('Units kept from the tables; none for ratios.'),
    returned: z.number().int(),
    truncated: z.boolean().describe('True when the query produced more rows than offset + limit.'),
    total_matched: z
      .number()
      .int()
      .nullable()
      .describe(`Rows the query produced; null past ${MAX_KEPT_ROWS}.`),
    next_offset: NextOffsetSchema,
    sql: z.string().describe('The SQL that ran, as the guard rewrote it.'),
    sources: z
      .array(z.object({ citation: z.string(), backend: z.string(), url: z.string().nullable() }))
      .describe('Every source, with the line that credits it.'),
    notes: z
      .array(z.string())
      .describe('Columns added to the tables (labels, period starts), and load notes.'),
  }),
  annotations: READ_ONLY_CLOSED_WORLD,
  example: { results: { a: '<result_id>' }, sql: 'SELECT count(*) AS n FROM a' },
  async execute(input, ctx) {
    const named = checkResultNames(input.results);
    const { session, sources, notes, tables } = await openResults(ctx, named);
    try {
      const result = await session.queryJson(input.sql, {
        limit: MAX_KEPT_ROWS,
        page: { offset: input.offset, limit: input.limit },
        // The engine sends the rows to keep only when a kept result can hold them.
        maxKeptBytes: ctx.results.enabled ? ctx.results.maxResultBytes : 0,
        signal: ctx.signal,
      });
      const page = result.page;
      const truncated = result.truncated || result.rowCount > input.offset + page.length;
      const columns = result.columns.map((c) => ({ name: c.name, type: c.type }));
      const units = await queryUnits(ctx, input.sql, columns, tables);
      const identifiers = Object.fromEntries(named);
      return {
        data: {
          columns,
          rows: page,
          units,
          returned: page.length,
          truncated,
          total_matched: result.truncated ? null : result.rowCount,
          next_offset: nextOffset(input.offset, page.length, truncated),
          sql: result.sql,
          sources: sources.map(({ citation, source }) => ({
            citation,
            backend: source.backend,
            url: source.url,
          })),
          notes: [...notes, ...result.notes],
        },
        source: resultsSource(sources, identifiers, result.sql),
        // The engine wrote the rows as JSON: they are kept as they are, never parsed here.
        keep: keepOf(result, { columns, units }, sources, ctx.results.maxResultBytes),
      };
    } finally {
      // A query that ended its engine (past its deadline or memory) leaves nothing to keep open.
      if (!session.isOpen()) await session.close();
    }
  },
});

const MIB = 1024 * 1024;

/** The result to keep, or why it is not kept: too many rows, or rows the engine did not send. */
function keepOf(
  result: JsonRowsResult,
  { columns, units }: { columns: Array<{ name: string; type: string }>; units: Record<string, string> },
  sources: KeptSource[],
  maxBytes: number,
) {
  if (result.truncated) {
    return {
      note: `Not kept: the query gives more than ${MAX_KEPT_ROWS} rows. Aggregate or filter to keep it.`,
    };
  }
  if (result.rowsJson === null) {
    return {
      note: `Not kept: the rows take more than the ${(maxBytes / MIB).toFixed(1)} MiB a kept result may hold. Filter, aggregate or select fewer columns to keep it.`,
    };
  }
  return { table: { columns, units, rowsJson: result.rowsJson, rowCount: result.rowCount }, sources };
}
