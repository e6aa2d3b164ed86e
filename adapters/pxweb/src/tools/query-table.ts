import { defineTool, OpenDataError, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import type { PxwebApi } from '../api/pxweb-api.js';
import { ValueCodeSchema, VariableCodeSchema } from '../api/pxweb-ids.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { pxwebSource } from '../pxweb-source.js';
import { buildSelection } from '../selection.js';
import { CodedValueSchema, TableIdSchema } from './tool-inputs.js';

const MAX_FILTERED_VARIABLES = 20;

export function queryTableTool(rt: PxwebRuntime, api: PxwebApi) {
  return defineTool({
    name: 'query_table',
    title: 'Read values of a PxWeb table',
    description:
      'Reads values of one table. filters maps variable codes to the value codes wanted, e.g. ' +
      '{"Region":["00","01"],"Tid":["2023"]}; a variable left out is dropped when the table allows it ' +
      '(can_be_omitted in get_table_structure) and taken whole otherwise. Codes are checked against the table ' +
      'before the portal is asked, and a selection larger than the server’s cell budget is refused, so narrow ' +
      'it. Each observation gives every variable as code and label, value as a number (null when the portal ' +
      'has none) and status, the portal’s symbol for a missing or provisional value (".." and the like). ' +
      'no_data means the portal answered without a single value for the selection; it is not an outage.',
    input: z
      .object({
        table_id: TableIdSchema,
        filters: z
          .record(VariableCodeSchema, z.array(ValueCodeSchema).min(1).max(500))
          .refine((f) => Object.keys(f).length <= MAX_FILTERED_VARIABLES, 'at most 20 filtered variables')
          .default({})
          .describe(
            'Value codes wanted per variable code, 1..500 codes each (default {}: every value of variables that cannot be omitted).',
          ),
        limit: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(100)
          .describe('Observations to return, 1..1000 (default 100).'),
      })
      .strict(),
    output: z.object({
      table_id: z.string(),
      title: z.string(),
      observations: z.array(
        z.object({
          dimensions: z
            .record(z.string(), CodedValueSchema)
            .describe('Every variable of the answer, by code.'),
          value: z.number().nullable(),
          status: z
            .string()
            .nullable()
            .describe('The portal’s status symbol for this cell, when it sets one.'),
        }),
      ),
      cells_selected: z.number().describe('Cells the selection asked for.'),
      returned: z.number(),
      truncated: z.boolean().describe('True when the portal answered more observations than returned.'),
      total_matched: z.number().describe('Observations the portal answered with (same unit as returned).'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute(input, ctx) {
      const structure = await api.structure(ctx, input.table_id);
      const selection = buildSelection(structure, input.filters, rt.maxCells);
      const answer = await api.data(ctx, structure.tableId, selection.items);
      const cells = answer.dataset.cells;
      if (cells.every((c) => c.value === null)) {
        const symbols = [...new Set(cells.flatMap((c) => (c.status ? [c.status] : [])))];
        const marked = symbols.length > 0 ? ` (status ${symbols.map((s) => `"${s}"`).join(', ')})` : '';
        throw new OpenDataError('no_data', `The portal answered with no value for this selection${marked}.`, {
          hint: 'Choose other periods or regions; this is not an outage.',
        });
      }
      const observations = cells.slice(0, input.limit).map((c) => ({
        dimensions: c.coordinates,
        value: c.value,
        status: c.status,
      }));
      return {
        data: {
          table_id: structure.tableId,
          title: answer.dataset.label ?? structure.title,
          observations,
          cells_selected: selection.cells,
          returned: observations.length,
          truncated: cells.length > observations.length,
          total_matched: cells.length,
        },
        source: pxwebSource(rt, {
          fetched: answer,
          identifiers: { table: structure.tableId },
          title: answer.dataset.label ?? structure.title,
          publisher: answer.dataset.source ?? structure.source,
          modifiedAt: answer.dataset.updated ?? structure.updated,
          metadataFetchedAt: structure.fetchedAt,
        }),
      };
    },
  });
}
