import { type Adapter, networkPolicyOf, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import type { z } from 'zod';
import { METADATA_LANGUAGES } from './language.js';
import { lindasPrompts, lindasResources } from './lindas-extras.js';
import { probeLindas } from './lindas-health.js';
import { LindasOptionsSchema } from './lindas-options.js';
import { lindasPlaces } from './lindas-places.js';
import type { LindasRuntime } from './lindas-runtime.js';
import { lindasSearch } from './search-cubes-capability.js';
import { getCubeStructureTool } from './tools/get-cube-structure.js';
import { listDimensionValuesTool } from './tools/list-dimension-values.js';
import { listPublishersTool } from './tools/list-publishers.js';
import { queryCubeObservationsTool } from './tools/query-cube-observations.js';
import { resolveMunicipalityTool } from './tools/resolve-municipality.js';
import { runSparqlTool } from './tools/run-sparql.js';
import { searchCubesTool } from './tools/search-cubes.js';

const INSTRUCTIONS = `LINDAS (Swiss federal linked data, statistical cubes over SPARQL):
1. search_cubes finds cubes by a word (published, newest version per cube); check truncated.
2. get_cube_structure shows dimensions, roles and the licence (often a Fedlex URI).
3. query_cube_observations reads data with coded values already turned into labels; filters run in the store.
list_dimension_values shows the codes of a dimension; list_publishers the publishing bodies; resolve_municipality
maps names to BFS numbers. run_sparql is the guarded escape hatch (SELECT/ASK, 500 rows, 30 s).
Every answer carries the SPARQL sent, the endpoint, the cube IRI and its licence in source.`;

/** A LINDAS adapter instance; options are validated here, once. */
export function createLindasAdapter(options: z.input<typeof LindasOptionsSchema> = {}): Adapter {
  const config = LindasOptionsSchema.parse(options);
  const rt: LindasRuntime = { id: config.id, endpoint: config.url, language: config.language };
  return {
    specificationVersion: SPECIFICATION_VERSION,
    id: config.id,
    backend: 'lindas',
    title: 'LINDAS linked data (Swiss Confederation)',
    endpoint: config.url,
    instructions: INSTRUCTIONS,
    tools: [
      searchCubesTool(rt),
      getCubeStructureTool(rt),
      queryCubeObservationsTool(rt),
      listDimensionValuesTool(rt),
      listPublishersTool(rt),
      resolveMunicipalityTool(rt),
      runSparqlTool(rt),
    ],
    network: networkPolicyOf(config),
    health: (ctx) => probeLindas(rt, ctx),
    places: lindasPlaces(rt),
    search: lindasSearch(rt),
    languages: METADATA_LANGUAGES,
    resources: lindasResources(rt),
    prompts: lindasPrompts(),
  };
}
