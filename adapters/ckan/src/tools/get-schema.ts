import { defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import type { CkanRuntime } from '../ckan-runtime.js';
import { localizedText } from '../portal/localized-text.js';
import { rowNotes } from '../resources/empty-resource.js';
import { loadTable } from '../resources/load-table.js';
import { resolveResource } from '../resources/resolve-resource.js';
import { resourceSource } from './resource-source.js';
import { DatasetIdSchema, ResourceIdSchema } from './tool-inputs.js';

const SAMPLE_ROWS = 3;
// A sample shows what cells look like; a whole paragraph per cell would only fill the context.
const SAMPLE_CHARS = 60;

export function getSchemaTool(rt: CkanRuntime) {
  return defineTool({
    name: 'get_schema',
    title: `Resource columns (${rt.title})`,
    description:
      'Loads one tabular resource and describes it: columns and types, row count, sample rows, and ' +
      'notes on loading (encoding, delimiter, skipped rows). schema_source says whether the portal ' +
      'stated the types. Query it as the table data with query_resource.',
    input: z
      .object({
        dataset_id: DatasetIdSchema,
        resource_id: ResourceIdSchema.optional().describe(
          'Resource id from get_dataset; optional when only one is queryable.',
        ),
      })
      .strict(),
    output: z.object({
      dataset_id: z.string(),
      resource_id: z.string(),
      resource_name: z.string().nullable(),
      format: z
        .string()
        .describe('Format as read from the bytes: csv, json, parquet, xlsx or records (DataStore).'),
      table_name: z.literal('data').describe('The table name to use in query_resource SQL.'),
      columns: z.array(z.string()).describe('Column names, exactly as SQL must quote them.'),
      column_types: z.array(z.string()).describe('Type of each column, same order.'),
      schema_source: z.enum(['datastore_metadata', 'inferred_from_file']),
      authoritative: z.boolean().describe('True when the portal itself states the column types.'),
      row_count: z.number().int().describe('Rows in the whole resource.'),
      sample_rows: z
        .array(z.array(z.unknown()))
        .describe(
          `The first ${SAMPLE_ROWS} rows as arrays in the order of columns; text longer than ${SAMPLE_CHARS} characters is cut with …`,
        ),
      notes: z.array(z.string()).describe('What loading did; read them before trusting totals.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { dataset_id: 'pzf-kyiv-city' },
    async execute(input, ctx) {
      const resolved = await resolveResource(rt, ctx, input.dataset_id, input.resource_id);
      const table = await loadTable(rt, ctx, resolved.resource);
      try {
        const { session } = table;
        const authoritative = table.datastoreFields !== null;
        const columns = table.datastoreFields ?? session.columns.map((c) => ({ name: c.name, type: c.type }));
        return {
          data: {
            dataset_id: resolved.pkg.id,
            resource_id: resolved.resource.id,
            resource_name: localizedText(resolved.resource.name, rt.quirks.languages),
            format: session.format,
            table_name: 'data' as const,
            columns: columns.map((c) => c.name),
            column_types: columns.map((c) => c.type),
            schema_source: authoritative ? ('datastore_metadata' as const) : ('inferred_from_file' as const),
            authoritative,
            row_count: session.rowCount,
            sample_rows: (await session.sample(SAMPLE_ROWS)).map((row) =>
              columns.map((c) => shorten(row[c.name] ?? null)),
            ),
            notes: [
              ...session.notes,
              ...(await session.checkNotes()),
              ...rowNotes(session.rowCount, table.accessMethod),
            ],
          },
          source: resourceSource(rt, resolved, table, null),
        };
      } finally {
        await table.release();
      }
    },
  });
}

function shorten(cell: unknown): unknown {
  return typeof cell === 'string' && cell.length > SAMPLE_CHARS
    ? `${cell.slice(0, SAMPLE_CHARS - 1)}…`
    : cell;
}
