import { defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import type { PxwebApiFor } from '../api/pxweb-api-for.js';
import { portalLicence } from '../portal-licence.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { pxwebSource } from '../pxweb-source.js';
import { tableInLanguage } from './table-in-language.js';
import { CodedValueSchema, LanguageSchema, TableIdSchema } from './tool-inputs.js';

export function getTableStructureTool(rt: PxwebRuntime, apiFor: PxwebApiFor) {
  return defineTool({
    name: 'get_table_structure',
    title: 'Describe a PxWeb table: variables and their values',
    description:
      'Describes one table before you query it: its title, when it was updated, and every variable with its ' +
      'code, label, role (time, metric = what is measured, geo) and values as code and label. ' +
      'can_be_omitted tells whether query_table may leave the variable out (the portal then totals or drops ' +
      'it); a variable that cannot be omitted is taken whole unless you filter it. Query with codes, not labels. ' +
      'Long value lists are cut to max_values per variable: value_count says how many there are. Without ' +
      'language, a table the portal lacks in the configured language is read in another it serves.',
    input: z
      .object({
        table_id: TableIdSchema,
        language: LanguageSchema,
        max_values: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(50)
          .describe('Values listed per variable, 1..1000 (default 50); value_count gives the full number.'),
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
      updated: z
        .string()
        .nullable()
        .describe('The portal’s own update date of the table; null when unstated.'),
      variables: z.array(
        z.object({
          code: z.string().describe('Key for query_table filters.'),
          label: z.string().nullable(),
          role: z.enum(['time', 'metric', 'geo']).nullable(),
          can_be_omitted: z.boolean(),
          value_count: z.number(),
          values: z.array(CodedValueSchema),
          values_truncated: z.boolean().describe('True when value_count is larger than the values listed.'),
        }),
      ),
      returned: z.number().describe('Variables listed (all of them).'),
      truncated: z.boolean().describe('True when any variable’s value list was cut.'),
      total_matched: z.number().describe('Variables in the table.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute(input, ctx) {
      const { structure, language } = await tableInLanguage(ctx, rt, apiFor, input.language, input.table_id);
      const variables = structure.variables.map((v) => ({
        code: v.code,
        label: v.label,
        role: v.role,
        can_be_omitted: v.elimination,
        value_count: v.values.length,
        values: v.values.slice(0, input.max_values),
        values_truncated: v.values.length > input.max_values,
      }));
      return {
        data: {
          table_id: structure.tableId,
          title: structure.title,
          language,
          updated: structure.updated,
          variables,
          returned: variables.length,
          truncated: variables.some((v) => v.values_truncated),
          total_matched: variables.length,
        },
        source: pxwebSource(rt, {
          license: await portalLicence(ctx, apiFor),
          fetched: structure,
          identifiers: { table: structure.tableId },
          title: structure.title,
          publisher: structure.source,
          modifiedAt: structure.updated,
        }),
      };
    },
  });
}
