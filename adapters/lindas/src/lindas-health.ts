import type { HealthProbe, ToolContext } from '@opendata-mcp/core';
import type { LindasRuntime } from './lindas-runtime.js';
import { PREFIXES } from './sparql/prefixes.js';
import { selectRows } from './sparql/send-sparql.js';

const COUNT_QUERY = `${PREFIXES}
SELECT (COUNT(?cube) AS ?cubes) WHERE { ?cube a cube:Cube }`;

/** Health for `api_status`: the endpoint answers an anchored count of cubes. Failures propagate with their code. */
export async function probeLindas(rt: LindasRuntime, ctx: ToolContext): Promise<HealthProbe> {
  const answer = await selectRows(ctx, rt.endpoint, COUNT_QUERY, { timeoutMs: 10_000 });
  const value = Number(answer.body.results.bindings[0]?.cubes?.value);
  return {
    reachable: true,
    count: Number.isFinite(value) ? { label: 'cubes (all versions)', value } : null,
    detail: `SPARQL endpoint ${new URL(rt.endpoint).host} answered.`,
  };
}
