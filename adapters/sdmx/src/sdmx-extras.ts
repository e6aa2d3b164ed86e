import { type PromptDefinition, type ResourceDefinition, toolResource } from '@opendata-mcp/core';
import { z } from 'zod';
import type { SdmxRuntime } from './sdmx-runtime.js';
import { getDataflowStructureTool } from './tools/get-dataflow-structure.js';

/** A dataflow as a resource: its dimensions, codes and constraints, as get_dataflow_structure answers. */
export function sdmxResources(rt: SdmxRuntime): ResourceDefinition[] {
  return [
    toolResource({
      name: `${rt.id}_dataflow`,
      template: `sdmx://${rt.id}/dataflow/{flow_id}`,
      title: `${rt.title} dataflow`,
      description: 'The structure of one dataflow: dimensions in key order, code lists, constraints.',
      tool: getDataflowStructureTool(rt),
    }),
  ];
}

const CompareArgs = z.object({
  statistic: z.string().min(2).max(100).describe('The statistic, e.g. "under-five mortality".'),
  countries: z
    .string()
    .max(200)
    .optional()
    .describe('ISO 3166 alpha-3 codes separated by commas, e.g. "USA,BRA" (default: every country).'),
  period: z.string().max(20).optional().describe('Year or period, e.g. "2020" (default: the latest).'),
});

/** «Compare a statistic across countries»: the SDMX journey from a word to a ranked table. */
export function sdmxPrompts(): PromptDefinition[] {
  const prompt: PromptDefinition<typeof CompareArgs> = {
    name: 'compare_statistic_across_countries',
    title: 'Compare a statistic across countries',
    description: 'Find a statistic in a registry and compare it across countries for one period.',
    args: CompareArgs,
    async get({ statistic, countries, period }) {
      const areas = countries
        ? JSON.stringify(
            countries
              .split(',')
              .map((c) => c.trim().toUpperCase())
              .filter(Boolean),
          )
        : null;
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Compare "${statistic}" across ${areas ? `the countries ${areas}` : 'countries'}${period ? ` in ${period}` : ''}.`,
                `1. find_indicators {"query": "${statistic}"} gives the indicator code and the flow that holds it.`,
                `2. get_indicator_table {"flow_id": …, "filters": {"indicator": "<code>"${areas ? `, "area": ${areas}` : ''}}, "period": "${period ?? 'latest'}", "areas": "countries"} ranks them; add "within" for a region's members.`,
                'If status is not ok, follow its message (pin what varies, choose among candidates).',
                'Read labels for names, quote values as returned, state the unit and defaults_applied, and give the citation.',
              ].join('\n'),
            },
          },
        ],
      };
    },
  };
  return [prompt as unknown as PromptDefinition];
}
