import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { pickText } from '../registry/pick-text.js';
import { ComponentIdSchema } from '../registry/sdmx-ids.js';
import { usableCodes } from '../registry/usable-codes.js';
import { loadScopedStructure } from '../scope/scoped-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';
import { flowInputShape } from './flow-input.js';

export function listCodesTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'list_codes',
    title: 'List the codes of a dimension',
    description:
      'Lists the codes a dimension of a dataflow accepts (countries, indicators, sexes …) with their names and ' +
      'parent code, already narrowed to what the registry constraints allow when it states any (constrained ' +
      'says so). query filters by a word in the code id or name, e.g. "brazil" or "mortality". Use the code ids ' +
      '(not the names) in query_data filters. When truncated, call again with offset = next_offset; total_matched ' +
      'counts every matching code.',
    input: z
      .object({
        ...flowInputShape,
        dimension: ComponentIdSchema,
        query: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .optional()
          .describe(
            'Word to look for in code ids and names, case-insensitive (1..200 chars; default: none).',
          ),
        limit: limitParam('Codes', 500, 50),
        offset: offsetParam('Codes'),
      })
      .strict(),
    output: z.object({
      flow_id: z.string(),
      dimension: z.string(),
      dimension_name: z.string(),
      codelist: z.string().nullable(),
      constrained: z.boolean().describe('True when a registry constraint narrowed the code list.'),
      codelist_size: z.number().nullable().describe('Codes in the whole code list, before constraints.'),
      codes: z.array(
        z.object({
          id: z.string(),
          name: z.string().nullable(),
          parent: z.string().nullable().describe('Parent code in the code list hierarchy; null at the top.'),
        }),
      ),
      returned: z.number(),
      truncated: z.boolean().describe('True when more codes matched than returned.'),
      total_matched: z.number().describe('Codes matching, in the same unit as returned.'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { flow_id: 'CME', dimension: 'REF_AREA', query: 'brazil' },
    async execute(input, ctx) {
      const structure = await loadScopedStructure(rt, ctx, {
        flowId: input.flow_id,
        agency: input.agency,
        version: input.version,
      });
      const dimension = structure.dimensions.find((d) => d.id === input.dimension);
      const ids = structure.dimensions.map((d) => d.id);
      if (!dimension) {
        throw new OpenDataError(
          'invalid_input',
          `Dataflow ${structure.flow.id} has no dimension "${input.dimension}". Its dimensions are: ${ids.join(', ')}.`,
          { hint: 'Use a dimension id from get_dataflow_structure.', details: { dimensions: ids } },
        );
      }
      const usable = usableCodes(dimension);
      if (!usable.codes) {
        throw new OpenDataError(
          'invalid_input',
          `${dimension.id} is not coded: the registry gives it no code list.`,
          {
            hint: 'Any SDMX id is accepted for this dimension in query_data; leave it out to read every value.',
          },
        );
      }
      const word = input.query?.toLowerCase();
      const matched = usable.codes
        .map((c) => ({ id: c.id, name: pickText(c.names, input.language ?? rt.language), parent: c.parent }))
        .filter(
          (c) => !word || c.id.toLowerCase().includes(word) || (c.name ?? '').toLowerCase().includes(word),
        );
      const codes = matched.slice(input.offset, input.offset + input.limit);
      const truncated = matched.length > input.offset + codes.length;
      const ref = dimension.codelistRef;
      return {
        data: {
          flow_id: structure.flow.id,
          dimension: dimension.id,
          dimension_name: dimension.name,
          codelist: ref ? `${ref.agency ?? '?'}:${ref.id}(${ref.version ?? 'latest'})` : null,
          constrained: usable.constrained,
          codelist_size: usable.codelistSize,
          codes,
          returned: codes.length,
          truncated,
          total_matched: matched.length,
          next_offset: nextOffset(input.offset, codes.length, truncated),
        },
        source: sdmxSource(rt, {
          url: structure.url,
          fetchedAt: structure.fetchedAt,
          fromCache: structure.fromCache,
          structure,
          identifiers: { dimension: dimension.id },
          modifiedAt: null,
        }),
      };
    },
  });
}
