import { OpenDataError } from '@opendata-mcp/core';
import type {
  ArtefactRef,
  ComponentInfo,
  ConceptInfo,
  DataflowInfo,
  DataStructureInfo,
  StructureMessage,
} from './structure-types.js';

/** The flow a structure message answers for, and its DSD; a message without either is refused. */
export function flowAndStructure(
  message: StructureMessage,
  flowId: string,
  agency: string,
): { flow: DataflowInfo; dsd: DataStructureInfo } {
  const flow =
    message.dataflows.find((f) => f.id === flowId && (agency === 'all' || f.agency === agency)) ??
    message.dataflows.find((f) => f.id === flowId);
  if (!flow) {
    throw new OpenDataError('not_found', `The registry's answer holds no dataflow "${flowId}".`, {
      hint: 'Check the id and agency with search_dataflows.',
    });
  }
  const dsd = find(message.dataStructures, flow.structure) ?? message.dataStructures[0];
  if (!dsd) {
    throw new OpenDataError('upstream_error', `The registry sent no data structure for "${flowId}".`, {
      hint: 'The registry answered without the DSD; try again later or check api_status.',
    });
  }
  return { flow, dsd };
}

/** The concept a component names, in its own scheme where the reference says which. */
export function conceptOf(message: StructureMessage, c: ComponentInfo): ConceptInfo | undefined {
  const ref = c.concept;
  if (!ref) return undefined;
  return (
    message.concepts.find((k) => k.id === ref.id && (!ref.scheme || k.scheme === ref.scheme)) ??
    message.concepts.find((k) => k.id === ref.id)
  );
}

/** `AGENCY:ID(VERSION)`, the key failures are kept under. */
export function refKey(ref: ArtefactRef): string {
  return `${ref.agency ?? '?'}:${ref.id}(${ref.version ?? 'latest'})`;
}

export function find<T extends ArtefactRef>(items: T[], ref: ArtefactRef | null): T | undefined {
  if (!ref) return undefined;
  return (
    items.find((i) => i.id === ref.id && i.agency === ref.agency && i.version === ref.version) ??
    items.find((i) => i.id === ref.id && (!ref.agency || i.agency === ref.agency)) ??
    items.find((i) => i.id === ref.id)
  );
}
