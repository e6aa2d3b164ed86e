import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { LabelledSchema } from '../answers/compact-shapes.js';
import { findIndicators } from '../discovery/find-indicators.js';
import { LanguageSchema } from '../registry/sdmx-ids.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';

export function findIndicatorsTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'find_indicators',
    title: 'Find indicators across dataflows',
    description:
      `Start here for a statistic. Finds indicators by words in every dataflow of the ${rt.title} ` +
      'registry (code lists and flow titles). Each hit has the ' +
      'code and label, its flow_id (evidence code_list: the flow may lack it) and its unit when known: ' +
      'pass flow_id and the code or label to ' +
      'get_indicator_value, get_indicator_table or get_indicator_series. flows lists flows whose titles ' +
      'match.',
    input: z
      .object({
        query: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .describe(
            'Words for the statistic, e.g. "under-five mortality" or "measles vaccination" (1..200 chars).',
          ),
        language: LanguageSchema,
        include_units: z
          .boolean()
          .default(true)
          .describe("Read each hit's unit, one small request per flow (default true)."),
        limit: limitParam('Indicators', 50, 10),
        offset: offsetParam('Indicators'),
      })
      .strict(),
    output: z.object({
      query: z.string(),
      indicators: z.array(
        z.object({
          code: z.string(),
          label: z.string(),
          flow_id: z.string(),
          flow_name: z.string(),
          dimension: z.string().describe('The flow dimension the code belongs to.'),
          evidence: z
            .enum(['filed_under_flow', 'constraint', 'code_list'])
            .describe(
              'filed_under_flow, constraint: the flow holds data for the code. code_list: the code is only in ' +
                'the list the flow draws on, which often spans more than it holds: check_availability first.',
            ),
          other_flows: z.number().describe('Further flows whose code lists hold the code.'),
          unit: LabelledSchema.nullable(),
          matched_words: z
            .array(z.string())
            .describe(
              "Words of the query found in the code's names, what it sits under or its flow's title.",
            ),
        }),
      ),
      flows: z
        .array(z.object({ flow_id: z.string(), name: z.string(), matched_words: z.array(z.string()) }))
        .describe('Up to 5 flows whose id, title or description holds a word of the query.'),
      flows_searched: z.number(),
      skipped: z
        .array(z.object({ flow_id: z.string(), reason: z.string() }))
        .describe('Flows that could not be read.'),
      flows_not_searched: z
        .number()
        .describe('Flows in scope whose code lists were not searched (see note); their titles were.'),
      note: z
        .string()
        .nullable()
        .describe(
          'What this answer could not search (index still building, bulk queries refused); null if none.',
        ),
      returned: z.number(),
      truncated: z.boolean(),
      total_matched: z.number().describe('Indicators matched, in the unit of returned.'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { query: 'under-five mortality', limit: 5 },
    async execute(input, ctx) {
      const found = await findIndicators(rt, ctx, {
        query: input.query,
        language: input.language ?? rt.language,
        offset: input.offset,
        limit: input.limit,
        units: input.include_units,
      });
      const truncated = found.total_matched > input.offset + found.indicators.length;
      return {
        data: {
          query: input.query,
          indicators: found.indicators,
          flows: found.flows,
          flows_searched: found.flows_searched,
          skipped: found.skipped,
          flows_not_searched: found.not_searched.length,
          note: found.note,
          returned: found.indicators.length,
          truncated,
          total_matched: found.total_matched,
          next_offset: nextOffset(input.offset, found.indicators.length, truncated),
        },
        source: sdmxSource(rt, {
          url: found.listUrl,
          fetchedAt: found.listFetchedAt,
          fromCache: found.fromCache,
          identifiers: { agency: rt.agency, search: input.query },
          title: `${rt.title} indicators matching «${input.query}»`,
          modifiedAt: null,
        }),
      };
    },
  });
}
