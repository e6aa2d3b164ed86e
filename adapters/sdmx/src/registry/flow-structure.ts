import type { ToolContext } from '@opendata-mcp/core';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { fetchStructure, restUrl } from './fetch-sdmx.js';
import { parseStructureAnswer } from './parse-structure-answer.js';
import { pickText } from './pick-text.js';
import { fetchReferencedArtefacts } from './referenced-artefacts.js';
import { segment } from './sdmx-ids.js';
import { conceptOf, find, flowAndStructure, refKey } from './structure-lookup.js';
import type {
  ArtefactRef,
  CodelistInfo,
  ComponentInfo,
  ConstraintInfo,
  DataflowInfo,
  DataStructureInfo,
  StructureMessage,
} from './structure-types.js';

export interface FlowComponent {
  id: string;
  position: number | null;
  name: string;
  /** The code list the DSD names, or (without a local representation) its concept's core representation. */
  codelistRef: ArtefactRef | null;
  codelist: CodelistInfo | null;
  /** Why the named code list is missing when the registry could not give it (fetched by reference); absent otherwise. */
  codelistFailure?: string;
  assignmentStatus: string | null;
  /** Codes an Allowed constraint permits for this dimension; null when none restricts it. */
  allowed: string[] | null;
  /** Codes an Actual constraint says hold data; null when the registry states none. */
  available: string[] | null;
  /** Codes an excluding region of an Allowed constraint rules out; empty when none does. */
  excluded?: string[];
}

/** One dataflow with its DSD resolved: what the tools need to describe, validate and label. */
export interface FlowStructure {
  flow: DataflowInfo;
  dsd: DataStructureInfo;
  dimensions: FlowComponent[];
  timeDimension: FlowComponent | null;
  attributes: FlowComponent[];
  measure: FlowComponent | null;
  constraints: ConstraintInfo[];
  prepared: string | null;
  url: string;
  fetchedAt: string;
  fromCache: boolean;
}

export interface FlowRef {
  flowId: string;
  agency?: string | undefined;
  version?: string | undefined;
}

/** The flow's structure from the metadata cache, or from one `dataflow/…?references=` call. */
export async function loadFlowStructure(
  rt: SdmxRuntime,
  ctx: ToolContext,
  ref: FlowRef,
): Promise<FlowStructure> {
  const agency = ref.agency ?? rt.agency;
  const version = ref.version ?? 'latest';
  // A registry whose profile says `latest` is not implemented is asked without a version, which
  // SDMX REST also reads as the latest one.
  const path =
    version === 'latest' && rt.profile?.supports.latest === false
      ? `dataflow/${segment(agency)}/${segment(ref.flowId)}`
      : `dataflow/${segment(agency)}/${segment(ref.flowId)}/${segment(version)}`;
  const url = restUrl(rt, path, { references: rt.references });
  const load = async () => {
    const answer = await fetchStructure(rt, ctx, url);
    const message = await parseStructureAnswer(
      answer.body,
      answer.headers['content-type'],
      undefined,
      ctx.signal,
    );
    const failures = await fetchReferencedArtefacts(rt, ctx, message, ref.flowId, agency);
    return resolveFlow(
      message,
      ref.flowId,
      agency,
      rt.language,
      { url, fetchedAt: answer.fetchedAt.toISOString() },
      failures,
    );
  };
  if (rt.ttlMs <= 0) return { ...(await load()), fromCache: false };
  const { value, hit } = await ctx.cache.getOrLoad(`sdmx:${rt.id}:structure:${url}`, rt.ttlMs, load);
  return { ...value, fromCache: hit };
}

/** One flow of a parsed structure message with its DSD, code lists, concepts and constraints joined. */
export function resolveFlow(
  message: StructureMessage,
  flowId: string,
  agency: string,
  language: string,
  fetched: { url: string; fetchedAt: string },
  failures: Record<string, string> = {},
): Omit<FlowStructure, 'fromCache'> {
  const { flow, dsd } = flowAndStructure(message, flowId, agency);
  const constraints = message.constraints.filter((c) => c.dataflows.includes(flow.id));
  const named = (c: ComponentInfo): FlowComponent => {
    const concept = conceptOf(message, c);
    // SDMX 2.1: a component without a local representation takes its concept's core representation.
    const codelistRef = c.codelist ?? concept?.codelist ?? null;
    const codelist = find(message.codelists, codelistRef) ?? null;
    const failure = codelistRef && !codelist ? failures[refKey(codelistRef)] : undefined;
    return {
      id: c.id,
      position: c.position,
      name: (concept && pickText(concept.names, language)) ?? c.id,
      codelistRef,
      codelist,
      ...(failure ? { codelistFailure: failure } : {}),
      assignmentStatus: c.assignmentStatus,
      allowed: restrict(constraints, 'Allowed', c.id),
      available: restrict(constraints, 'Actual', c.id),
      excluded: [
        ...new Set(constraints.flatMap((k) => (k.type === 'Allowed' ? (k.excluded?.[c.id] ?? []) : []))),
      ],
    };
  };
  return {
    flow,
    dsd,
    dimensions: dsd.dimensions.map(named),
    timeDimension: dsd.timeDimension ? named(dsd.timeDimension) : null,
    attributes: dsd.attributes.map(named),
    measure: dsd.measure ? named(dsd.measure) : null,
    constraints,
    prepared: message.prepared,
    ...fetched,
  };
}

/** Codes every constraint of this type allows for the dimension (their intersection); null when none speaks of it. */
function restrict(constraints: ConstraintInfo[], type: string, dimension: string): string[] | null {
  let codes: Set<string> | null = null;
  for (const c of constraints) {
    const included = c.type === type ? c.included[dimension] : undefined;
    if (!included) continue;
    codes = codes ? new Set(included.filter((code) => codes?.has(code))) : new Set(included);
  }
  return codes ? [...codes] : null;
}
