import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import { readObservations } from '../answers/read-observations.js';
import type { Labelled } from '../answers/series-spread.js';
import { unitOf } from '../answers/unit-of.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';

/** Why a probe read no units: the offline recordings hold no such request, or the request failed. */
export type UnitsUnread = 'not_recorded' | 'failed';

/**
 * The unit of each indicator, read from one small data request per flow (the last observation of
 * each series): SDMX attaches the unit to observations, so the structure cannot tell it. Best
 * effort and cached: a probe that fails says why (the units are unknown) and never fails the search.
 */
export async function probeUnits(
  rt: SdmxRuntime,
  ctx: ToolContext,
  structure: FlowStructure,
  dimension: string,
  codes: string[],
  language: string,
): Promise<Map<string, Labelled> | UnitsUnread> {
  const units = new Map<string, Labelled>();
  if (codes.length === 0) return units;
  const load = async () => {
    const read = await readObservations(
      rt,
      ctx,
      structure,
      { [dimension]: codes },
      { kind: 'last', n: 1 },
      language,
    );
    const found: Array<[string, Labelled]> = [];
    for (const o of read.observations) {
      const code = o.dimensions[dimension]?.code;
      const unit = unitOf(o).unit;
      if (code && unit && !found.some(([c]) => c === code)) found.push([code, unit]);
    }
    return found;
  };
  try {
    const key = `sdmx:${rt.id}:units:${structure.flow.id}:${[...codes].sort().join('+')}`;
    const { value } = await ctx.cache.getOrLoad(key, Math.max(rt.ttlMs, 1), load);
    for (const [code, unit] of value) units.set(code, unit);
    return units;
  } catch (error) {
    // Units are a hint: without them the search still answers, and says why.
    return isOpenDataError(error) && error.code === 'not_recorded_offline' ? 'not_recorded' : 'failed';
  }
}
