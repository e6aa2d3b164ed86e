import { describeAdapterConformance } from '@opendata-mcp/core/conformance';
import { startLindasFixture } from '@opendata-mcp/fixtures';
import { createLindasAdapter } from './create-lindas-adapter.js';

const WALDBRAND = 'https://ld.synthetic.example/foen/waldbrandgefahr/2';

describeAdapterConformance({
  name: 'lindas',
  unpaged: {
    run_sparql: 'paging is written into the SPARQL query itself (LIMIT and OFFSET)',
    resolve_municipality: 'a lookup: more matches than it returns means the name is too short',
  },
  async setup() {
    const fixture = await startLindasFixture();
    return {
      adapter: createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] }),
      teardown: () => fixture.close(),
    };
  },
  success: [
    { tool: 'search_cubes', args: { query: 'waldbrand' } },
    { tool: 'search_cubes', args: { query: 'nothing-matches-this' } },
    { tool: 'get_cube_structure', args: { cube_id: WALDBRAND } },
    { tool: 'query_cube_observations', args: { cube_id: WALDBRAND, limit: 3 } },
    { tool: 'list_dimension_values', args: { cube_id: WALDBRAND, dimension: 'Gefahrenstufe' } },
    { tool: 'list_publishers', args: {} },
    { tool: 'resolve_municipality', args: { query: 'Winterthur' } },
    { tool: 'run_sparql', args: { sparql: 'SELECT ?c WHERE { ?c a <https://cube.link/Cube> }' } },
  ],
  failures: [
    { tool: 'get_cube_structure', args: { cube_id: 'https://example.org/missing/1' }, code: 'not_found' },
    { tool: 'get_cube_structure', args: { cube_id: 'javascript:alert(1)//xx' }, code: 'invalid_input' },
    { tool: 'query_cube_observations', args: { cube_id: WALDBRAND, limit: 501 }, code: 'invalid_input' },
    {
      tool: 'query_cube_observations',
      args: { cube_id: WALDBRAND, filters: [{ dimension: 'nope', op: '=', value: 'x' }] },
      code: 'invalid_input',
    },
    {
      tool: 'list_dimension_values',
      args: { cube_id: WALDBRAND, dimension: 'nope' },
      code: 'invalid_input',
    },
    { tool: 'search_cubes', args: { query: 'x', limit: 101 }, code: 'invalid_input' },
    { tool: 'run_sparql', args: { sparql: 'DESCRIBE <https://cube.link/Cube>' }, code: 'unsafe_sparql' },
    {
      tool: 'run_sparql',
      args: { sparql: 'SELECT ?x WHERE { BIND(1 AS ?x) BIND(2 AS ?x) }' },
      code: 'query_error',
    },
  ],
});
