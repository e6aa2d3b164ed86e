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
import { heldFilterIndex } from '../discovery-index/filter-index.js';
import { withIndexedCodelists } from '../discovery-index/indexed-codelists.js';
import { pickText } from '../registry/pick-text.js';
import { usableCodes } from '../registry/usable-codes.js';
import { areaKinds } from '../resolution/area-kinds.js';
import { codeTree } from '../resolution/code-tree.js';
import { dimensionRoles } from '../resolution/dimension-roles.js';
import { loadHierarchies } from '../resolution/hierarchies.js';
import { dimensionFor } from '../resolution/resolve-filters.js';
import { loadScopedStructure } from '../scope/scoped-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';
import { codeMatcher, memberCodes } from './code-filters.js';
import { flowInputShape } from './tool-inputs.js';

export function listCodesTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'list_codes',
    title: 'List the codes of a dimension',
    description:
      'Lists the codes a dataflow dimension accepts (countries, indicators, sexes …) with names and ' +
      'parent, narrowed to what the registry allows (constrained says so). query filters by a word in ' +
      'id or name. Use code ids in query_data filters. When truncated, call again with offset = ' +
      'next_offset.',
    input: z
      .object({
        ...flowInputShape,
        dimension: z
          .string()
          .min(1)
          .max(100)
          .describe(
            'Dimension id as get_dataflow_structure lists it ("REF_AREA"), or its role ("area", "indicator", "sex").',
          ),
        query: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .optional()
          .describe(
            'Word to look for in code ids and names, case-insensitive (1..200 chars; default: none).',
          ),
        member_of: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .optional()
          .describe('A group code or label ("Sub-Saharan Africa"): only its members (default: all codes).'),
        kind: z
          .enum(['all', 'countries', 'aggregates'])
          .default('all')
          .describe('countries: codes with no members; aggregates: regions and groups; all (default).'),
        limit: limitParam('Codes', 500, 30),
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
          name: z.string().describe('Label in the language asked, else English, else the code.'),
          parent: z.string().nullable().describe('Parent code in the code list hierarchy; null at the top.'),
          aggregate: z.boolean().describe('True for a group (region, income group, total): see member_of.'),
          members: z.number().describe('Codes directly under this one in the code list.'),
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
      const indexed = withIndexedCodelists(structure, await heldFilterIndex(rt, ctx));
      const roled = dimensionRoles(indexed, rt.roleOverrides);
      const { dimension, role } = dimensionFor(input.dimension, roled, structure);
      const usable = usableCodes(dimension);
      if (!usable.codes && dimension.codelistFailure) {
        throw new OpenDataError(
          'upstream_error',
          `${dimension.id} is coded, but its code list could not be had: ${dimension.codelistFailure}.`,
          {
            hint: 'The registry lacks the list its own structure names; query_data still takes codes as ids.',
          },
        );
      }
      if (!usable.codes) {
        throw new OpenDataError(
          'invalid_input',
          `${dimension.id} is not coded: the registry gives it no code list.`,
          {
            hint: 'Any SDMX id is accepted for this dimension in query_data; leave it out to read every value.',
          },
        );
      }
      const language = input.language ?? rt.language;
      const all = dimension.codelist?.codes ?? usable.codes;
      const tree = codeTree(all);
      const kind =
        role === 'geography'
          ? areaKinds(all)
          : (id: string) => (tree.children.has(id) ? 'aggregate' : 'country');
      const members = input.member_of
        ? new Set(
            memberCodes(
              all,
              input.member_of,
              dimension.id,
              language,
              await loadHierarchies(rt, ctx, structure.flow.agency),
            ),
          )
        : null;
      const matches = codeMatcher(input.query);
      const matched = usable.codes
        .filter((c) => (!members || members.has(c.id)) && matches(c))
        .filter((c) => input.kind === 'all' || (kind(c.id) === 'aggregate') === (input.kind === 'aggregates'))
        .map((c) => ({
          id: c.id,
          name: pickText(c.names, language) ?? c.id,
          parent: c.parent,
          aggregate: kind(c.id) === 'aggregate',
          members: tree.children.get(c.id)?.length ?? 0,
        }));
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
