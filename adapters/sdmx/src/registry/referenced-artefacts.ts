import { isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { fetchStructure, restUrl } from './fetch-sdmx.js';
import { parseStructureAnswer } from './parse-structure-answer.js';
import { segment } from './sdmx-ids.js';
import { conceptOf, find, flowAndStructure, refKey } from './structure-lookup.js';
import type { ArtefactRef, ComponentInfo, StructureMessage } from './structure-types.js';

/**
 * Completes a flow's structure message with what its DSD names but the message leaves out, each
 * fetched once by its own reference: the concept schemes of components without a local
 * representation (their core representation names the code list), then the code lists. What is
 * fetched is added to `message`. A transient failure fails the call (nothing half-complete is
 * cached); a lasting one (the registry has no such list, or refuses the query) is returned by
 * reference key, so the tools can say the list could not be had rather than that it does not exist.
 */
export async function fetchReferencedArtefacts(
  rt: SdmxRuntime,
  ctx: ToolContext,
  message: StructureMessage,
  flowId: string,
  agency: string,
): Promise<Record<string, string>> {
  const { flow, dsd } = flowAndStructure(message, flowId, agency);
  const components = [
    ...dsd.dimensions,
    ...dsd.attributes,
    ...(dsd.measures ?? (dsd.measure ? [dsd.measure] : [])),
    ...(dsd.timeDimension ? [dsd.timeDimension] : []),
  ];
  const owner = dsd.agency ?? flow.agency;
  const failures: Record<string, string> = {};
  const schemes = unique(
    components
      .filter((c) => !c.codelist && c.concept?.scheme && !conceptOf(message, c))
      .map((c) => schemeRef(c, owner)),
  );
  for (const scheme of schemes) {
    const got = await fetchArtefact(rt, ctx, 'conceptscheme', scheme, owner, failures);
    if (got) message.concepts.push(...got.concepts);
  }
  const lists = unique(
    components
      .map((c) => c.codelist ?? conceptOf(message, c)?.codelist ?? null)
      .filter((ref): ref is ArtefactRef => ref !== null && !find(message.codelists, ref)),
  );
  for (const list of lists) {
    const got = await fetchArtefact(rt, ctx, 'codelist', list, owner, failures);
    if (got) message.codelists.push(...got.codelists);
  }
  return failures;
}

function schemeRef(c: ComponentInfo, owner: string): ArtefactRef {
  return {
    agency: c.concept?.agency ?? owner,
    id: c.concept?.scheme ?? '',
    version: c.concept?.version ?? null,
  };
}

function unique(refs: ArtefactRef[]): ArtefactRef[] {
  return [...new Map(refs.map((r) => [refKey(r), r])).values()];
}

async function fetchArtefact(
  rt: SdmxRuntime,
  ctx: ToolContext,
  kind: 'codelist' | 'conceptscheme',
  ref: ArtefactRef,
  owner: string,
  failures: Record<string, string>,
): Promise<StructureMessage | null> {
  const agency = segment(ref.agency ?? owner);
  const version = ref.version ?? 'latest';
  // A registry that does not implement `latest` reads a missing version as the latest one.
  const path =
    version === 'latest' && rt.profile?.supports.latest === false
      ? `${kind}/${agency}/${segment(ref.id)}`
      : `${kind}/${agency}/${segment(ref.id)}/${segment(version)}`;
  const what = `${kind === 'codelist' ? 'code list' : 'concept scheme'} ${refKey(ref)}`;
  try {
    const answer = await fetchStructure(rt, ctx, restUrl(rt, path, {}));
    return await parseStructureAnswer(answer.body, answer.headers['content-type'], undefined, ctx.signal);
  } catch (error) {
    if (!isOpenDataError(error)) throw error;
    if (error.retryable) {
      throw new OpenDataError(
        error.code,
        `The ${what}, which the flow's structure names, could not be fetched: ${error.message}`,
        {
          hint: error.hint ?? 'Try again in a moment.',
          details: error.details,
        },
      );
    }
    failures[refKey(ref)] = `the registry did not give the ${what} (${error.code}: ${error.message})`;
    return null;
  }
}
