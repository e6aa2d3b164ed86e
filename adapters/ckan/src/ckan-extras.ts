import { type PromptDefinition, type ResourceDefinition, toolResource } from '@opendata-mcp/core';
import { z } from 'zod';
import type { CkanRuntime } from './ckan-runtime.js';
import { getDatasetTool } from './tools/get-dataset.js';
import { getSchemaTool } from './tools/get-schema.js';

/** A dataset and a resource's schema as resources, read through get_dataset and get_schema. */
export function ckanResources(rt: CkanRuntime): ResourceDefinition[] {
  return [
    toolResource({
      name: `${rt.id}_dataset`,
      template: `ckan://${rt.id}/dataset/{dataset_id}`,
      title: `Dataset (${rt.title})`,
      description: 'One dataset: metadata, licence and every resource with whether it can be queried.',
      tool: getDatasetTool(rt),
    }),
    toolResource({
      name: `${rt.id}_resource_schema`,
      template: `ckan://${rt.id}/dataset/{dataset_id}/resource/{resource_id}/schema`,
      title: `Resource schema (${rt.title})`,
      description: 'The columns, types, row count and sample rows of one tabular resource.',
      tool: getSchemaTool(rt),
    }),
  ];
}

const ExploreArgs = z.object({
  topic: z.string().min(2).max(100).describe('What the data is about, in the portal language.'),
  question: z.string().max(300).optional().describe('The question to answer (default: describe the data).'),
});

/** «Explore a dataset and query it»: the CKAN journey from a topic to a computed answer. */
export function ckanPrompts(): PromptDefinition[] {
  const prompt: PromptDefinition<typeof ExploreArgs> = {
    name: 'explore_dataset',
    title: 'Explore a dataset and query it',
    description: 'Find a dataset on a topic, inspect its table and answer a question with SQL.',
    args: ExploreArgs,
    async get({ topic, question }) {
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                question ? `Answer from open data: ${question}` : `Describe the open data about ${topic}.`,
                `1. search_datasets {"query": "${topic}"} finds datasets; page with offset = next_offset.`,
                '2. get_dataset {"dataset_id": …} lists resources; pick one with queryable true.',
                '3. get_schema {"dataset_id": …, "resource_id": …} gives column names and notes; read the notes.',
                '4. query_resource with one SELECT over the table data computes every number you report.',
                'Quote numbers exactly as returned and give the citation of each answer.',
              ].join('\n'),
            },
          },
        ],
      };
    },
  };
  return [prompt as unknown as PromptDefinition];
}
