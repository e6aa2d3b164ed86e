import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { Question } from '../answers/prepare-question.js';
import { readObservations } from '../answers/read-observations.js';
import type { TimeSelection } from '../answers/time-selection.js';
import { fetchStructure, restUrl } from '../registry/fetch-sdmx.js';
import { parseStructureMessage } from '../registry/parse-structure-message.js';
import { segment } from '../registry/sdmx-ids.js';
import { buildSeriesKey } from '../registry/series-key.js';
import type { ConstraintInfo } from '../registry/structure-types.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';

export type AvailabilitySource = 'availableconstraint' | 'actual_constraint' | 'series_keys';

export interface Availability {
  source: AvailabilitySource;
  /** Codes with data per dimension; a dimension the source says nothing of is absent. */
  codes: Record<string, string[]>;
  series_count: number | null;
  observation_count: number | null;
  /** First and last period with data; null when the source does not state the span. */
  time_range: { start: string | null; end: string | null } | null;
  /**
   * The latest period with data, when only the last observation of each series was read (then
   * `time_range` is null: one period per series says nothing of where the data starts).
   */
  latest_period: string | null;
  url: string;
  fetchedAt: Date | string;
  fromCache: boolean;
}

/**
 * Which codes still hold data once the filters are applied, from the best source the registry
 * offers: its availableconstraint answer; else the flow's Actual constraint (when nothing is
 * filtered, as it speaks of the whole flow); else the series keys of the data itself. None is
 * found means the registry holds nothing for the filters (null); transport failures propagate.
 */
export async function findAvailability(
  rt: SdmxRuntime,
  ctx: ToolContext,
  question: Question,
  time: TimeSelection,
): Promise<Availability | null> {
  const { structure } = question;
  const key = buildSeriesKey(structure, question.resolution.codes);
  const tried = await fromAvailableConstraint(rt, ctx, question, key, time);
  if (tried !== undefined) return tried;
  const filtered = Object.keys(question.resolution.codes).length > 0 || time.kind === 'range';
  const actual = structure.dimensions.filter((d) => d.available !== null);
  if (!filtered && actual.length > 0) {
    return {
      source: 'actual_constraint',
      codes: Object.fromEntries(actual.map((d) => [d.id, d.available ?? []])),
      series_count: null,
      observation_count: null,
      time_range: flowTimeRange(structure.constraints),
      latest_period: null,
      url: structure.url,
      fetchedAt: structure.fetchedAt,
      fromCache: structure.fromCache,
    };
  }
  const read = await readObservations(rt, ctx, structure, question.resolution.codes, time, question.language);
  if (read.observations.length === 0) return null;
  const codes: Record<string, Set<string>> = {};
  const series = new Set<string>();
  let start: string | null = null;
  let end: string | null = null;
  for (const o of read.observations) {
    series.add(o.series_key);
    for (const [id, cell] of Object.entries(o.dimensions)) {
      const seen = codes[id] ?? new Set<string>();
      seen.add(cell.code);
      codes[id] = seen;
    }
    if (start === null || o.time_period < start) start = o.time_period;
    if (end === null || o.time_period > end) end = o.time_period;
  }
  return {
    source: 'series_keys',
    codes: Object.fromEntries(Object.entries(codes).map(([id, set]) => [id, [...set]])),
    series_count: series.size,
    // With only the last observation of each series read, the total is unknown.
    observation_count: time.kind === 'range' ? read.observations.length : null,
    // The last observation of each series gives the latest period, not the span.
    time_range: time.kind === 'range' ? { start, end } : null,
    latest_period: time.kind === 'last' ? end : null,
    url: read.url,
    fetchedAt: read.answer?.fetchedAt ?? ctx.clock.now(),
    fromCache: read.answer?.fromCache ?? false,
  };
}

/** The span an Actual constraint of the whole flow states (a cube region's time range), if any. */
function flowTimeRange(constraints: ConstraintInfo[]): Availability['time_range'] {
  const range = constraints.find((c) => c.type === 'Actual' && c.timeRange)?.timeRange;
  return range ?? null;
}

/** The registry's own availability answer; undefined when it has no such service (then the next source is tried). */
async function fromAvailableConstraint(
  rt: SdmxRuntime,
  ctx: ToolContext,
  question: Question,
  key: string,
  time: TimeSelection,
): Promise<Availability | null | undefined> {
  if (rt.availableConstraint === false || rt.unsupported?.has('availableconstraint', ctx.clock.now()))
    return undefined;
  const { flow } = question.structure;
  const flowRef = [flow.agency, flow.id, flow.version].map(segment).join(',');
  const url = restUrl(rt, `availableconstraint/${flowRef}/${key === 'all' ? 'all' : key}/all/all`, {
    mode: 'available',
    startPeriod: time.kind === 'range' ? (time.start ?? undefined) : undefined,
    endPeriod: time.kind === 'range' ? (time.end ?? undefined) : undefined,
  });
  try {
    const answer = await fetchStructure(rt, ctx, url);
    const constraint = (await parseStructureMessage(answer.body, ctx.signal)).constraints.find(
      (c) => c.type === 'Actual',
    );
    if (!constraint) return undefined;
    return {
      source: 'availableconstraint',
      codes: constraint.included,
      series_count: constraint.seriesCount ?? null,
      observation_count: constraint.observationCount ?? null,
      time_range: constraint.timeRange ?? null,
      latest_period: null,
      url,
      fetchedAt: answer.fetchedAt,
      fromCache: answer.fromCache,
    };
  } catch (error) {
    if (rt.unsupported?.noteRefusal('availableconstraint', error, ctx.clock.now())) return undefined;
    if (!isOpenDataError(error) || error.retryable) throw error;
    // A registry without the service answers 404, 400 or 501, or a body that is no structure.
    return undefined;
  }
}
