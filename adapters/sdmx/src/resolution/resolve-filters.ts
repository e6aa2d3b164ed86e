import {
  type DimensionFilters,
  dimensionConditions,
  gazetteer,
  isOpenDataError,
  OpenDataError,
} from '@opendata-mcp/core';
import type { FlowComponent, FlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import { isSdmxId } from '../registry/sdmx-ids.js';
import type { CodeInfo } from '../registry/structure-types.js';
import { usableCodes } from '../registry/usable-codes.js';
import { ancestorsOf, codeTree } from './code-tree.js';
import { ROLE_ALIASES, type Role, type RoledDimension } from './dimension-roles.js';
import { placeCodeIn } from './place-codes.js';
import { type CodeCandidate, resolveCode } from './resolve-code.js';
import { wordForms } from './word-forms.js';

export interface ResolvedFilter {
  dimension: string;
  asked: string;
  code: string;
  label: string;
  matched_by: 'code' | 'label' | 'words' | 'place' | 'uncoded';
}

export interface AppliedDefault {
  dimension: string;
  code: string;
  label: string;
  why: 'profile_total' | 'only_code';
}

export interface Ambiguity {
  dimension: string;
  asked: string;
  candidates: CodeCandidate[];
}

export interface FilterResolution {
  /** Codes per dimension id, ready for a series key. */
  codes: Record<string, string[]>;
  resolved: ResolvedFilter[];
  defaults: AppliedDefault[];
  ambiguous: Ambiguity[];
}

/** The code SDMX's cross-domain code lists give a breakdown's total ("all sexes", "all quintiles"). */
export const TOTAL_CODE = '_T';

export interface ResolutionPolicy {
  language: string;
  /** Dimensions the registry profile says default to their total when a question leaves them out. */
  totalDefaults: string[];
  /** The code of a total (SDMX's `_T` unless the profile says otherwise). */
  totalCode: string;
  /**
   * Codes found in other languages for values no code names as written, by `readingKey`: offered
   * as candidates (status ambiguous) where the value would otherwise be refused.
   */
  readings?: ReadonlyMap<string, CodeCandidate[]>;
}

/** The key of `ResolutionPolicy.readings` for a value asked of a dimension. */
export function readingKey(dimension: string, asked: string): string {
  return `${dimension}\u0000${asked}`;
}

/** The dimension and the value of a refusal for a value no code names: what `readings` may answer. */
export function unmatchedValue(error: unknown): { dimension: string; asked: string } | null {
  if (!isOpenDataError(error) || error.code !== 'invalid_input') return null;
  const details = error.details as { dimension?: unknown; unmatched?: unknown } | undefined;
  return typeof details?.dimension === 'string' && typeof details.unmatched === 'string'
    ? { dimension: details.dimension, asked: details.unmatched }
    : null;
}

/** The dimension a filter key names: its id, its name, or a role word ("area", "sex", "indicator"). */
export function dimensionFor(key: string, roled: RoledDimension[], structure: FlowStructure): RoledDimension {
  const upper = key.toUpperCase();
  const found =
    roled.find((r) => r.dimension.id.toUpperCase() === upper) ??
    roled.find((r) => wordForms(r.dimension.name).join(' ') === wordForms(key).join(' ')) ??
    roled.find(
      (r) => r.role !== 'other' && ROLE_ALIASES[r.role as Exclude<Role, 'other'>].includes(key.toLowerCase()),
    );
  if (found) return found;
  const time = structure.timeDimension;
  if (time && (time.id === upper || ROLE_ALIASES.time.includes(key.toLowerCase()))) {
    throw new OpenDataError(
      'invalid_input',
      `${key.slice(0, 40)} is the time dimension: periods are not given as filters or dimensions.`,
      {
        hint:
          'Give periods with start_period and end_period (get_indicator_value and get_indicator_table ' +
          'take period, get_indicator_series also last_n); check_availability reports the span in time_range.',
      },
    );
  }
  const names = roled.map((r) => (r.role === 'other' ? r.dimension.id : `${r.dimension.id} (${r.role})`));
  throw new OpenDataError(
    'invalid_input',
    `Dataflow ${structure.flow.id} has no dimension "${key.slice(0, 60)}". Its dimensions: ${names.join(', ')}.`,
    { hint: 'Key filters by dimension id or by the role in brackets.', details: { dimensions: names } },
  );
}

/**
 * Filters as an agent wrote them (codes or labels, keyed by dimension id, name or role) turned into
 * codes. Labels that fit several codes are reported, never guessed; a label that fits none is
 * refused with a pointer to list_codes. Left-out dimensions stay open unless the profile says they
 * default to their total, or the flow allows a single code for them.
 */
export function resolveFilters(
  structure: FlowStructure,
  roled: RoledDimension[],
  filters: DimensionFilters | undefined,
  policy: ResolutionPolicy,
): FilterResolution {
  const out: FilterResolution = { codes: {}, resolved: [], defaults: [], ambiguous: [] };
  for (const condition of dimensionConditions(filters)) {
    const { dimension, role } = dimensionFor(condition.dimension, roled, structure);
    if (!condition.anyOf) {
      throw new OpenDataError(
        'invalid_input',
        `filters.${dimension.id}: an SDMX registry selects series by code, so comparisons do not apply.`,
        { hint: 'Give a code, a label or a list of them; time has its own parameters.' },
      );
    }
    const codes = out.codes[dimension.id] ?? [];
    for (const asked of condition.anyOf) {
      const hit = resolveOne(structure, dimension, role, asked, policy);
      if ('candidates' in hit) out.ambiguous.push(hit);
      else {
        out.resolved.push(hit);
        if (!codes.includes(hit.code)) codes.push(hit.code);
      }
    }
    out.codes[dimension.id] = codes;
  }
  for (const { dimension } of roled) {
    if (out.codes[dimension.id] || out.ambiguous.some((a) => a.dimension === dimension.id)) continue;
    const usable = usableCodes(dimension).codes;
    if (!usable) continue;
    const only = usable.length === 1 ? usable[0] : undefined;
    const total = policy.totalDefaults.includes(dimension.id)
      ? usable.find((c) => c.id === policy.totalCode)
      : undefined;
    const chosen = only ?? total;
    if (!chosen) continue;
    out.codes[dimension.id] = [chosen.id];
    out.defaults.push({
      dimension: dimension.id,
      code: chosen.id,
      label: pickText(chosen.names, policy.language) ?? chosen.id,
      why: only ? 'only_code' : 'profile_total',
    });
  }
  return out;
}

function resolveOne(
  structure: FlowStructure,
  dimension: FlowComponent,
  role: Role,
  asked: string,
  policy: ResolutionPolicy,
): ResolvedFilter | Ambiguity {
  const { language } = policy;
  const codes = usableCodes(dimension).codes;
  if (!codes) {
    if (!isSdmxId(asked)) {
      throw new OpenDataError(
        'invalid_input',
        dimension.codelistFailure
          ? `${dimension.id} has no code list to match labels against (${dimension.codelistFailure}); "${asked.slice(0, 40)}" is not an id.`
          : `${dimension.id} is not coded; "${asked.slice(0, 40)}" is not an id.`,
        {
          hint: 'Give the value as an SDMX id.',
        },
      );
    }
    return { dimension: dimension.id, asked, code: asked, label: asked, matched_by: 'uncoded' };
  }
  // In an indicator list shared by several flows, codes filed under the flow's own id are the flow's.
  const tree = codeTree(dimension.codelist?.codes ?? codes);
  const flowId = structure.flow.id;
  const preferUnder =
    role === 'indicator' && tree.byId.has(flowId)
      ? (c: { id: string }) => ancestorsOf(tree, c.id).includes(flowId)
      : undefined;
  const hit = resolveCode(codes, asked, { role, language, ...(preferUnder ? { preferUnder } : {}) });
  if (hit.status === 'resolved') {
    return { dimension: dimension.id, asked, code: hit.code, label: hit.label, matched_by: hit.matched_by };
  }
  if (hit.status === 'ambiguous') return { dimension: dimension.id, asked, candidates: hit.candidates };
  const place = placeCode(codes, asked, language);
  if (place) return { dimension: dimension.id, asked, ...place };
  const read = policy.readings?.get(readingKey(dimension.id, asked));
  if (read && read.length > 0) return { dimension: dimension.id, asked, candidates: read };
  throw new OpenDataError(
    'invalid_input',
    `No code of ${dimension.id} in ${flowId} matches "${asked.slice(0, 60)}".`,
    {
      hint:
        // A label is matched in the code list's own languages; find_indicators also reads a
        // question in others (through the lexicon) and ranks the indicators it could mean.
        (role === 'indicator'
          ? `find_indicators {"query": ${JSON.stringify(asked.slice(0, 60))}} also reads words in other languages; `
          : '') +
        `list_codes {"flow_id": "${flowId}", "dimension": "${dimension.id}", "query": …} shows the codes and names.`,
      details: { dimension: dimension.id, unmatched: asked },
    },
  );
}

/**
 * A place name the code list does not use ("Brasilien", "Німеччина", "EU") read through the
 * gazetteer: the one code its places have in this list. Names that fit several places coding to
 * different codes are left unresolved, as a guess would be.
 */
function placeCode(
  codes: CodeInfo[],
  asked: string,
  language: string,
): { code: string; label: string; matched_by: 'place' } | null {
  const found = new Map<string, string>();
  for (const place of gazetteer().find(asked)) {
    const code = placeCodeIn(codes, place, language);
    if (code) found.set(code.id, pickText(code.names, language) ?? code.id);
  }
  const [only, ...others] = found;
  return only && others.length === 0 ? { code: only[0], label: only[1], matched_by: 'place' } : null;
}
