import type { DimensionFilters, Provenance, ToolContext } from '@opendata-mcp/core';
import { heldFilterIndex } from '../discovery-index/filter-index.js';
import { withIndexedCodelists } from '../discovery-index/indexed-codelists.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import { dimensionRoles, type RoledDimension } from '../resolution/dimension-roles.js';
import { otherLanguageCandidates } from '../resolution/other-language-candidates.js';
import type { CodeCandidate } from '../resolution/resolve-code.js';
import {
  type FilterResolution,
  type ResolutionPolicy,
  readingKey,
  resolveFilters,
  TOTAL_CODE,
  unmatchedValue,
} from '../resolution/resolve-filters.js';
import { loadScopedStructure } from '../scope/scoped-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';
import type { ObservationRead } from './read-observations.js';

export interface QuestionInput {
  flow_id: string;
  agency?: string | undefined;
  version?: string | undefined;
  language?: string | undefined;
  filters?: DimensionFilters | undefined;
}

export interface Question {
  structure: FlowStructure;
  roled: RoledDimension[];
  resolution: FilterResolution;
  language: string;
}

/** The flow opened (within scope), its dimensions given roles, and the filters read as codes. */
export async function prepareQuestion(
  rt: SdmxRuntime,
  ctx: ToolContext,
  input: QuestionInput,
): Promise<Question> {
  const structure = await loadScopedStructure(rt, ctx, {
    flowId: input.flow_id,
    agency: input.agency,
    version: input.version,
  });
  const language = input.language ?? rt.language;
  const roled = dimensionRoles(
    withIndexedCodelists(structure, await heldFilterIndex(rt, ctx)),
    rt.roleOverrides,
  );
  const resolution = await resolveWithReadings(
    structure,
    roled,
    input.filters,
    {
      language,
      totalDefaults: rt.totalDefaults,
      totalCode: TOTAL_CODE,
    },
    ctx.signal,
  );
  return { structure, roled, resolution, language };
}

/**
 * The filters read as codes; a value no code names as written is looked for in the code names of
 * every language the list has (`otherLanguageCandidates`) and, where some fit, answered as
 * ambiguous with them, not refused. Each such value costs one more reading of the filters.
 */
async function resolveWithReadings(
  structure: FlowStructure,
  roled: RoledDimension[],
  filters: DimensionFilters | undefined,
  policy: ResolutionPolicy,
  signal: AbortSignal | undefined,
): Promise<FilterResolution> {
  const readings = new Map<string, CodeCandidate[]>();
  for (;;) {
    try {
      return resolveFilters(structure, roled, filters, { ...policy, readings });
    } catch (error) {
      const unmatched = unmatchedValue(error);
      if (!unmatched) throw error;
      const key = readingKey(unmatched.dimension, unmatched.asked);
      const dimension = roled.find((r) => r.dimension.id === unmatched.dimension)?.dimension;
      // A value read once already and refused again has nothing more to find.
      if (readings.has(key) || !dimension) throw error;
      const found = await otherLanguageCandidates(
        dimension,
        structure.flow.id,
        unmatched.asked,
        policy.language,
        signal,
      );
      if (found.length === 0) throw error;
      readings.set(key, found);
    }
  }
}

/** Provenance of a compact answer: the data URL when one was asked, else the structure's. */
export function compactSource(
  rt: SdmxRuntime,
  ctx: ToolContext,
  question: Question,
  read: ObservationRead | null,
): Provenance {
  const { structure } = question;
  const answer = read?.answer ?? null;
  const lastModified = answer?.headers['last-modified'];
  return sdmxSource(rt, {
    url: read?.url ?? structure.url,
    fetchedAt: answer?.fetchedAt ?? (read ? ctx.clock.now() : structure.fetchedAt),
    fromCache: answer?.fromCache ?? (read ? false : structure.fromCache),
    structure,
    identifiers: read ? { series_key: read.key } : {},
    modifiedAt:
      lastModified && !Number.isNaN(Date.parse(lastModified)) ? new Date(lastModified).toISOString() : null,
  });
}

/** The resolution fields every compact answer carries. */
export function resolutionFields(question: Question) {
  const { resolution } = question;
  return {
    resolved: resolution.resolved,
    defaults_applied: resolution.defaults,
    ambiguous: resolution.ambiguous,
  };
}
