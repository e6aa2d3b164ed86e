import { type PromptDefinition, type ResourceDefinition, toolResource } from '@opendata-mcp/core';
import { z } from 'zod';
import type { LindasRuntime } from './lindas-runtime.js';
import { getCubeStructureTool } from './tools/get-cube-structure.js';

/** A cube as a resource: its structure, licence and publisher, as get_cube_structure answers. */
export function lindasResources(rt: LindasRuntime): ResourceDefinition[] {
  return [
    toolResource({
      name: `${rt.id}_cube`,
      template: `lindas://${rt.id}/cube{?cube_id}`,
      title: 'LINDAS cube',
      description:
        'The structure of one cube (dimensions, licence, publisher); cube_id is the cube IRI, percent-encoded.',
      tool: getCubeStructureTool(rt),
    }),
  ];
}

const MunicipalityArgs = z.object({
  municipality: z.string().min(1).max(100).describe('Municipality name or BFS number, e.g. "Winterthur".'),
  topic: z.string().max(100).optional().describe('What the figures are about, e.g. "Lärm" or "Energie".'),
});

/** «The figures of a Swiss municipality»: the LINDAS journey from a place name to observations. */
export function lindasPrompts(): PromptDefinition[] {
  const prompt: PromptDefinition<typeof MunicipalityArgs> = {
    name: 'swiss_municipality_figures',
    title: 'Figures of a Swiss municipality',
    description: 'Find the cubes that hold figures for one Swiss municipality and read its observations.',
    args: MunicipalityArgs,
    async get({ municipality, topic }) {
      const about = topic ? ` about ${topic}` : '';
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Find official figures${about} for the Swiss municipality ${municipality}.`,
                `1. resolve_municipality {"query": "${municipality}"} gives its IRI and BFS number.`,
                `2. search_cubes {"query": "${topic ?? 'Gemeinde'}"} finds cubes; read truncated before concluding.`,
                '3. get_cube_structure {"cube_id": …} shows which dimension holds the municipality.',
                '4. query_cube_observations {"cube_id": …, "filters": {"<that dimension>": "<municipality IRI>"}}.',
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
