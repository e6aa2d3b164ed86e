// Section "answers" of `pnpm bench sdmx`: what a compact answer costs. Against the offline fixture
// registry (UNICEF recordings, UNICEF profile), counts the upstream requests of a compact answer
// cold (fresh caches: the structure plus the data) and warm (structure cached: the data alone), and
// the bytes of each SDMX tool's typical answer against the 4 KB budget.
import { createSdmxAdapter } from '../adapters/sdmx/src/index.js';
import { createOpenDataServer, silentLogger } from '../packages/core/src/server/index.js';
import { startSdmxFixture } from '../packages/fixtures/src/index.js';

const BUDGET = 4096;

/** A typical call of each of the nine SDMX tools. */
const TYPICAL: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'search_dataflows', args: { query: 'mortality' } },
  { tool: 'find_indicators', args: { query: 'under-five mortality' } },
  { tool: 'get_dataflow_structure', args: { flow_id: 'CME' } },
  { tool: 'list_codes', args: { flow_id: 'CME', dimension: 'REF_AREA' } },
  {
    tool: 'query_data',
    args: {
      flow_id: 'CME',
      filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '2015',
      end_period: '2023',
    },
  },
  {
    tool: 'get_indicator_value',
    args: {
      flow_id: 'CME',
      filters: { indicator: 'under-five mortality', sex: 'girls', area: 'Brazil' },
      period: '2020',
    },
  },
  {
    tool: 'get_indicator_table',
    args: { flow_id: 'CME', filters: { indicator: 'CME_MRY0T4' }, period: '2020', areas: 'countries' },
  },
  {
    tool: 'get_indicator_series',
    args: {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'Brazil' },
      start_period: '1990',
      end_period: '2023',
    },
  },
  {
    tool: 'check_availability',
    args: { flow_id: 'CME', filters: { indicator: 'CME_MRY0T4' }, start_period: '2020', end_period: '2020' },
  },
];

const VALUE = TYPICAL.find((c) => c.tool === 'get_indicator_value') as (typeof TYPICAL)[number];
const OTHER_VALUE = {
  ...VALUE,
  args: {
    flow_id: 'CME',
    filters: { indicator: 'under-five mortality', area: 'United States' },
    period: '2020',
  },
};

export async function answersSection(): Promise<Record<string, unknown>> {
  const fixture = await startSdmxFixture();
  const server = createOpenDataServer({
    adapters: [
      createSdmxAdapter({ registry: 'unicef', url: fixture.url, trusted_hosts: [fixture.hostPort] }),
    ],
    logger: silentLogger,
  });
  try {
    const count = async (call: { tool: string; args: Record<string, unknown> }) => {
      const before = fixture.requests.length;
      const answer = await server.callTool(call.tool, call.args);
      if (!answer.ok) throw new Error(`${call.tool}: ${answer.error.message}`);
      const paths = fixture.requests.slice(before).map((r) => r.path);
      return { total: paths.length, structure: paths.filter((p) => !p.includes('/data/')).length };
    };
    const cold = await count(VALUE);
    const warm = await count(OTHER_VALUE);
    console.log('answers: upstream requests of a compact answer (get_indicator_value by labels)');
    console.log(
      `  cold: ${cold.total} (${cold.structure} structure + ${cold.total - cold.structure} data; goal: structure + at most 2)`,
    );
    console.log(`  warm: ${warm.total} (goal: 1)`);
    const sizes: Record<string, number> = {};
    console.log(`answers: bytes of each tool's typical answer (budget ${BUDGET})`);
    for (const call of TYPICAL) {
      const answer = await server.callTool(call.tool, call.args);
      if (!answer.ok) throw new Error(`${call.tool}: ${answer.error.message}`);
      const bytes = Buffer.byteLength(JSON.stringify(answer));
      sizes[call.tool] = bytes;
      console.log(
        `  ${call.tool.padEnd(24)} ${String(bytes).padStart(6)} ${bytes <= BUDGET ? 'ok' : 'OVER'}`,
      );
    }
    return {
      cold_requests: cold.total,
      cold_requests_beyond_structure: cold.total - cold.structure,
      warm_requests: warm.total,
      answer_bytes: sizes,
      max_answer_bytes: Math.max(...Object.values(sizes)),
      budget_bytes: BUDGET,
    };
  } finally {
    await server.close();
    await fixture.close();
  }
}
