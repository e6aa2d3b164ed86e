import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { type FlowStructure, resolveFlow } from '../registry/flow-structure.js';
import { parseStructureMessage } from '../registry/parse-structure-message.js';

/** A recorded message of the fixture registry, as text. */
export function recorded(file: string): string {
  return readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8');
}

/** A flow's structure from a recorded structure message, joined as the adapter joins it. */
export async function recordedFlow(file: string, flowId: string, agency = 'all'): Promise<FlowStructure> {
  return {
    ...resolveFlow(await parseStructureMessage(recorded(file)), flowId, agency, 'en', {
      url: `recording:${file}`,
      fetchedAt: '2026-01-01T00:00:00.000Z',
    }),
    fromCache: false,
  };
}

/**
 * An independent reading of a table the `sdmx` Python library printed for a sample (columns
 * separated by runs of spaces, the value last): rows keyed by dimension codes and time.
 */
export function expectedTable(file: string): Map<string, number> {
  const [header = '', ...lines] = recorded(file).split('\n').filter(Boolean);
  const names = header.trim().split(/\s+/);
  const out = new Map<string, number>();
  for (const line of lines) {
    const cells = line.trim().split(/\s+/);
    const row = Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
    const { value, TIME_PERIOD, ...dims } = row;
    const key = Object.keys(dims)
      .sort()
      .map((d) => `${d}=${dims[d]}`)
      .join(',');
    out.set(`${key}@${TIME_PERIOD}`, Number(value));
  }
  return out;
}

/**
 * A structure from a recorded message that holds a DSD but no dataflow (the SDMX samples ship
 * their DSD alone): a dataflow naming that DSD is added so the DSD can be joined like any flow.
 */
export async function recordedDsd(file: string, dsdId: string): Promise<FlowStructure> {
  const message = await parseStructureMessage(recorded(file));
  const dsd = message.dataStructures.find((d) => d.id === dsdId);
  if (!dsd) throw new Error(`${file} holds no DSD ${dsdId}`);
  const flow = {
    id: `${dsdId}_FLOW`,
    agency: dsd.agency ?? '',
    version: dsd.version ?? '1.0',
    names: [],
    descriptions: [],
    structure: { agency: dsd.agency, id: dsd.id, version: dsd.version },
  };
  return {
    ...resolveFlow({ ...message, dataflows: [flow] }, flow.id, 'all', 'en', {
      url: `recording:${file}`,
      fetchedAt: '2026-01-01T00:00:00.000Z',
    }),
    fromCache: false,
  };
}
