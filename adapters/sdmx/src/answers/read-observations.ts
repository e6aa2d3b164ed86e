import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { Observation } from '../messages/observation.js';
import { parseDataMessage } from '../messages/parse-data-message.js';
import { type DataAnswer, fetchData } from '../registry/fetch-sdmx.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import { buildSeriesKey } from '../registry/series-key.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { dataUrl } from './data-url.js';
import { type TimeSelection, timeParams } from './time-selection.js';

export interface ObservationRead {
  key: string;
  url: string;
  observations: Observation[];
  /** The registry's answer; null when it answered "no results" (404), which is not an error here. */
  answer: DataAnswer | null;
}

/**
 * One data request for compact answers. The registry's "no results" becomes an empty list (the
 * tools answer `no_observations`); every other failure, transport above all, propagates. When the
 * registry ignores lastNObservations, the last N periods of each series are kept here.
 */
export async function readObservations(
  rt: SdmxRuntime,
  ctx: ToolContext,
  structure: FlowStructure,
  codes: Record<string, string[]>,
  time: TimeSelection,
  language: string,
): Promise<ObservationRead> {
  const key = buildSeriesKey(structure, codes);
  // A registry known not to take lastNObservations is asked for every period; the last are kept here.
  const askLast =
    time.kind === 'last' &&
    rt.profile?.supports.lastNObservations !== false &&
    !rt.unsupported?.has('lastNObservations', ctx.clock.now());
  const params = askLast || time.kind === 'range' ? timeParams(time) : {};
  let url = dataUrl(rt, structure, key, params);
  let answer: DataAnswer;
  try {
    answer = await fetchData(ctx, url, rt);
  } catch (error) {
    if (isOpenDataError(error) && error.code === 'no_data')
      return { key, url, observations: [], answer: null };
    // Not implemented or refused (501, 400): ask again for every period.
    if (!askLast || !refusedParameter(error)) throw error;
    rt.unsupported?.noteRefusal('lastNObservations', error, ctx.clock.now());
    url = dataUrl(rt, structure, key, {});
    try {
      answer = await fetchData(ctx, url, rt);
    } catch (retry) {
      if (isOpenDataError(retry) && retry.code === 'no_data')
        return { key, url, observations: [], answer: null };
      throw retry;
    }
  }
  const observations = (
    await parseDataMessage(answer.text, answer.headers['content-type'], structure, language, ctx.signal)
  ).observations.filter((o) => o.obs_value !== null);
  return {
    key,
    url,
    answer,
    observations: time.kind === 'last' ? lastPerSeries(observations, time.n) : observations,
  };
}

function refusedParameter(error: unknown): boolean {
  const status = isOpenDataError(error) ? error.details?.status : undefined;
  return status === 400 || status === 501;
}

function lastPerSeries(observations: Observation[], n: number): Observation[] {
  const bySeries = new Map<string, Observation[]>();
  for (const o of observations) {
    const list = bySeries.get(o.series_key) ?? [];
    list.push(o);
    bySeries.set(o.series_key, list);
  }
  return [...bySeries.values()].flatMap((list) =>
    list.sort((a, b) => a.time_period.localeCompare(b.time_period)).slice(-n),
  );
}
