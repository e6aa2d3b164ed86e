import {
  type ColumnarTable,
  type DemoJourney,
  fromColumnarTable,
  type SuccessEnvelope,
} from '@opendata-mcp/core';

interface CubeHit {
  cube_id: string;
  name: string | null;
  creator: string | null;
  status: string | null;
}

function firstCube(previous: SuccessEnvelope[]): string {
  const cubes = (previous[0]?.cubes ?? []) as CubeHit[];
  const hit = cubes.find((c) => /waldbrand/i.test(c.name ?? '')) ?? cubes[0];
  if (!hit) throw new Error('search_cubes found no cube for «waldbrand»');
  return hit.cube_id;
}

/** «Which forest-fire danger level applies, who publishes it, under which licence?» */
export const lindasDemoJourney: DemoJourney = {
  title: 'Forest-fire danger in Switzerland: who publishes it, under which licence, which level applies',
  adapterType: 'lindas',
  steps: [
    {
      tool: 'search_cubes',
      args: { query: 'waldbrand', limit: 5 },
      summarize(envelope) {
        const cubes = envelope.cubes as CubeHit[];
        const first = cubes[0];
        const status = first?.status?.split('/').pop() ?? 'status unknown';
        return `${cubes.length} cube(s) found; first: «${first?.name}» (${status}) ${first?.cube_id}`;
      },
    },
    {
      tool: 'get_cube_structure',
      args: (previous) => ({ cube_id: firstCube(previous) }),
      summarize(envelope) {
        const dims = envelope.dimensions as Array<{ name: string; role: string }>;
        const licence = envelope.licence as { uri: string; property: string } | null;
        return [
          `publisher: ${envelope.creator_name ?? envelope.creator}`,
          `dimensions: ${dims.map((d) => `${d.name} (${d.role})`).join(', ')}`,
          `licence (${licence?.property ?? 'none'}): ${licence?.uri ?? 'not stated'}`,
        ].join('\n');
      },
    },
    {
      tool: 'query_cube_observations',
      args: (previous) => ({
        cube_id: firstCube(previous),
        filters: { Gefahrenstufe: 'grosse Gefahr' },
      }),
      summarize(envelope) {
        const rows = fromColumnarTable(envelope as unknown as ColumnarTable);
        const lines = rows.map((r) => `  ${r.Warnregion} · ${r.Datum}: ${r.Gefahrenstufe}`);
        return [`${rows.length} observation(s) at «grosse Gefahr»:`, ...lines].join('\n');
      },
    },
  ],
};
