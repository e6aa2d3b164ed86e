import {
  ColumnarTableShape,
  defineTool,
  dimensionFiltersParam,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
  type RecordCell,
  toColumnarTable,
} from '@opendata-mcp/core';
import { z } from 'zod';
import type { PxwebApiFor } from '../api/pxweb-api-for.js';
import type { DecodedCell, DecodedDimension } from '../json-stat/decode-json-stat.js';
import { portalLicence } from '../portal-licence.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { pxwebSource } from '../pxweb-source.js';
import { buildSelection } from '../selection.js';
import { tableFilterCodes } from './table-filters.js';
import { tableInLanguage } from './table-in-language.js';
import { LanguageSchema, TableIdSchema } from './tool-inputs.js';

export function queryTableTool(rt: PxwebRuntime, apiFor: PxwebApiFor) {
  return defineTool({
    name: 'query_table',
    title: 'Read values of a PxWeb table',
    description:
      'Reads values of one table as a table. filters maps variable codes to the value codes wanted, one code ' +
      'or a list, e.g. {"Region":["00","01"],"Tid":"2023"}; a variable left out is dropped when the table ' +
      'allows it (can_be_omitted in get_table_structure) and taken whole otherwise. Codes are checked against ' +
      'the table before the portal is asked, and a selection larger than the server’s cell budget is refused, ' +
      'so narrow it. The answer is columnar: columns once (variable codes, then value and status), rows as ' +
      'arrays of codes; a column with one value in every row of two or more is given once in fixed; left_out ' +
      'names the variables the values are totals over; labels names each code ' +
      'once (labels.Region["01"]). value is a number (null when the portal has none) and status the portal’s ' +
      'symbol for a missing or provisional value (".." and the like). no_data means the portal answered without ' +
      'a single value for the selection; it is not an outage. Without language, a table the portal lacks in the ' +
      'configured language is read in another it serves.',
    input: z
      .object({
        table_id: TableIdSchema,
        filters: dimensionFiltersParam({
          example: '{"Region": ["00", "01"], "Kon": "2", "Tid": "2023"}',
          comparisons: false,
        }),
        language: LanguageSchema,
        limit: limitParam('Rows', 1000, 100),
        offset: offsetParam('Rows'),
      })
      .strict(),
    output: z.object({
      table_id: z.string(),
      title: z.string(),
      language: z
        .string()
        .describe(
          'Language of the title and labels: the one asked for, else the configured one, else the first the portal has the table in.',
        ),
      variables: z
        .record(z.string(), z.string().nullable())
        .describe('The label of each variable column, by code.'),
      left_out: z
        .record(z.string(), z.string().nullable())
        .describe(
          'Variables the selection left out and the portal dropped, by code with their label: each value covers all of theirs (their total), not one of them.',
        ),
      ...ColumnarTableShape,
      cells_selected: z.number().describe('Cells the selection asked for.'),
      returned: z.number(),
      truncated: z.boolean().describe('True when the portal answered more rows than returned.'),
      total_matched: z.number().describe('Rows the portal answered with (same unit as returned).'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    // The selection recorded offline, so the example answers there too.
    example: {
      table_id: 'TAB5974',
      filters: { InrikesUtrikes: '83', Alder: '0', Kon: ['1', '2'], ContentsCode: '000005NO', Tid: '2026' },
    },
    async execute(input, ctx) {
      const { api, structure, language } = await tableInLanguage(
        ctx,
        rt,
        apiFor,
        input.language,
        input.table_id,
      );
      const selection = buildSelection(structure, tableFilterCodes(input.filters), rt.maxCells);
      const answer = await api.data(ctx, structure.tableId, selection.items);
      const { cells, dimensions } = answer.dataset;
      if (cells.every((c) => c.value === null)) {
        const symbols = [...new Set(cells.flatMap((c) => (c.status ? [c.status] : [])))];
        const marked = symbols.length > 0 ? ` (status ${symbols.map((s) => `"${s}"`).join(', ')})` : '';
        throw new OpenDataError('no_data', `The portal answered with no value for this selection${marked}.`, {
          hint: 'Choose other periods or regions; this is not an outage.',
        });
      }
      const page = cells.slice(input.offset, input.offset + input.limit);
      const toRecord = (c: (typeof cells)[number]): Record<string, RecordCell> => ({
        ...c.coordinates,
        value: c.value,
        status: c.status,
      });
      const columns = [...dimensions.map((d) => d.id), 'value', 'status'];
      const units = valueUnits(dimensions, cells);
      const table = { ...toColumnarTable(page.map(toRecord), columns), units };
      const truncated = cells.length > input.offset + page.length;
      return {
        data: {
          table_id: structure.tableId,
          // The table's own title (SCB's says "År 2026-2120": a projection); a data answer's label
          // names only what was counted.
          title: structure.title,
          language,
          variables: Object.fromEntries(dimensions.map((d) => [d.id, d.label])),
          left_out: Object.fromEntries(
            structure.variables
              .filter((v) => !dimensions.some((d) => d.id === v.code))
              .map((v) => [v.code, v.label]),
          ),
          ...table,
          cells_selected: selection.cells,
          returned: page.length,
          truncated,
          total_matched: cells.length,
          next_offset: nextOffset(input.offset, page.length, truncated),
        },
        source: pxwebSource(rt, {
          license: await portalLicence(ctx, apiFor),
          fetched: answer,
          identifiers: { table: structure.tableId },
          title: structure.title,
          publisher: answer.dataset.source ?? structure.source,
          modifiedAt: answer.dataset.updated ?? structure.updated,
          metadataFetchedAt: structure.fetchedAt,
        }),
        // Every cell of the selection is kept, not only this page: a query over it covers them all.
        keep: { table: { ...toColumnarTable(cells.map(toRecord), columns), units } },
      };
    },
  });
}

/**
 * `units` of the answer: the unit of the value when every content the cells hold states the same
 * one. Contents in different units state none here; the content column tells them apart.
 */
function valueUnits(dimensions: DecodedDimension[], cells: DecodedCell[]): Record<string, string> {
  const content = dimensions.find((d) => d.role === 'metric');
  if (!content) return {};
  const texts = new Set(cells.map((c) => content.units[c.coordinates[content.id]?.code ?? '']));
  const [text] = texts;
  return texts.size === 1 && text !== undefined ? { value: text } : {};
}
