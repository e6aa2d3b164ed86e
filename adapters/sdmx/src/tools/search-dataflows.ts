import {
  defineTool,
  isOpenDataError,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
  type ToolContext,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { peekDiscoveryIndex } from '../discovery-index/open-discovery-index.js';
import { flowsOnlyIndex } from '../discovery-index/searchable-index.js';
import { loadDataflowList } from '../registry/dataflow-list.js';
import { pickText } from '../registry/pick-text.js';
import { AgencyIdSchema, LanguageSchema } from '../registry/sdmx-ids.js';
import type { DataflowInfo } from '../registry/structure-types.js';
import { inScope } from '../scope/flow-scope.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';

/** Ranked flows read for one question: more than any page, fewer than a registry's whole list. */
const RANKED_FLOWS = 500;

export function searchDataflowsTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'search_dataflows',
    title: 'Search SDMX dataflows',
    description:
      `Start here for a table. Lists the dataflows of the ${rt.title} registry: an id containing the query ` +
      'first, then flows ranked by how many of its words their texts hold ' +
      '(matched_words); no query lists all. Pass a flow_id ("CME") to get_dataflow_structure, list_codes ' +
      'or query_data.',
    input: z
      .object({
        query: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .optional()
          .describe('Words that must all match the id, name or description (default: none).'),
        agency: AgencyIdSchema.optional(),
        language: LanguageSchema,
        limit: limitParam('Flows', 100, 20),
        offset: offsetParam('Flows'),
      })
      .strict(),
    output: z.object({
      agency: z.string().describe('Agency asked for ("all" = every agency).'),
      flows: z.array(
        z.object({
          id: z.string(),
          agency: z.string(),
          version: z.string(),
          name: z.string().nullable(),
          description: z.string().nullable(),
          matched_words: z
            .array(z.string())
            .describe('Words of the query the id, name or description holds.'),
        }),
      ),
      returned: z.number(),
      truncated: z.boolean().describe('True when more flows matched than returned.'),
      total_matched: z.number().describe('Flows matching the query, in the same unit as returned.'),
      next_offset: NextOffsetSchema,
      registry_prepared_at: z
        .string()
        .nullable()
        .describe(
          'When the registry prepared the dataflow list it sent (its message header); null if unstated.',
        ),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'mortality' },
    async execute(input, ctx) {
      const agency = input.agency ?? rt.agency;
      const list = await listOfAgency(rt, ctx, agency);
      // The discovery index, when held, also knows the categories a flow is filed under.
      const index =
        (agency === rt.agency ? await peekDiscoveryIndex(rt, ctx) : undefined) ??
        (await flowsOnlyIndex(list.dataflows, ctx.signal));
      const language = input.language ?? rt.language;
      const text = (input.query ?? '').toLowerCase().trim();
      const scoped = index.flows.filter((f) => inScope(rt, f.id));
      const row = (f: DataflowInfo, matched_words: string[]) => ({
        id: f.id,
        agency: f.agency,
        version: f.version,
        name: pickText(f.names, language),
        description: pickText(f.descriptions, language),
        matched_words,
      });
      // An id asked for comes first; then flows ranked by how much of the question their texts cover.
      const byId = scoped.filter((f) => !text || f.id.toLowerCase().includes(text));
      const taken = new Set(byId);
      const ranked = text
        ? index.flowText.search(input.query ?? '', { limit: RANKED_FLOWS }).flatMap((hit) => {
            const flow = index.flows[Number(hit.id)];
            if (!flow || taken.has(flow) || !inScope(rt, flow.id)) return [];
            taken.add(flow);
            return [row(flow, hit.matchedWords)];
          })
        : [];
      const matched = [
        ...byId
          .sort((a, b) => a.id.localeCompare(b.id) || a.agency.localeCompare(b.agency))
          .map((f) => row(f, [])),
        ...ranked,
      ];
      const flows = matched.slice(input.offset, input.offset + input.limit);
      const truncated = matched.length > input.offset + flows.length;
      return {
        data: {
          agency,
          flows,
          returned: flows.length,
          truncated,
          total_matched: matched.length,
          next_offset: nextOffset(input.offset, flows.length, truncated),
          registry_prepared_at: list.prepared,
        },
        source: sdmxSource(rt, {
          url: list.url,
          fetchedAt: list.fetchedAt,
          fromCache: list.fromCache,
          identifiers: { agency, ...(input.query ? { search: input.query } : {}) },
          title: `${rt.title} dataflows${input.query ? ` matching «${input.query}»` : ''}`,
          modifiedAt: null,
        }),
      };
    },
  });
}

/**
 * The dataflow list of one agency. An agency the registry does not know is refused naming the ones
 * it does, and where other registries are found: the registry's own "not found" sent a trial back
 * to this very tool, looking for another registry's agency (BIS) in UNICEF's.
 */
async function listOfAgency(rt: SdmxRuntime, ctx: ToolContext, agency: string) {
  try {
    return await loadDataflowList(rt, ctx, agency);
  } catch (error) {
    if (agency === rt.agency || !isOpenDataError(error) || error.code !== 'not_found') throw error;
    const known =
      (await loadDataflowList(rt, ctx, 'all').catch(() => null)) ??
      (await loadDataflowList(rt, ctx, rt.agency).catch(() => null));
    const agencies = [...new Set(known?.dataflows.map((f) => f.agency) ?? [])].sort();
    throw new OpenDataError('not_found', `The ${rt.title} registry has no dataflows of agency ${agency}.`, {
      hint:
        (agencies.length > 0 ? `Its agencies: ${agencies.slice(0, 12).join(', ')}. ` : '') +
        'Each SDMX registry is configured on its own: api_status lists those this server reaches.',
      ...(error.details ? { details: error.details } : {}),
    });
  }
}
