import type { FlowComponent, FlowStructure } from '../registry/flow-structure.js';
import type { ArtefactRef, CodelistInfo, DataflowInfo } from '../registry/structure-types.js';
import { structureKey } from './flow-structures.js';
import type { SearchableIndex } from './searchable-index.js';

const byKey = new WeakMap<SearchableIndex, Map<string, CodelistInfo>>();

/** The code list the index holds under exactly this agency, id and version; none for `latest` or a version it lacks. */
export function indexedCodelist(index: SearchableIndex, ref: ArtefactRef): CodelistInfo | undefined {
  let lists = byKey.get(index);
  if (!lists) {
    lists = new Map(index.codelists.map((list) => [structureKey(list), list]));
    byKey.set(index, lists);
  }
  return ref.agency && ref.version ? lists.get(structureKey(ref)) : undefined;
}

/**
 * The flow's dimensions reading their code lists from the index wherever it holds the very list
 * the structure names, so every tool matches words against one copy. A dimension whose list the
 * structure could not get by reference takes the index's; the constraints stay the flow's own.
 */
export function withIndexedCodelists(
  structure: FlowStructure,
  index: SearchableIndex | undefined,
): FlowStructure {
  if (!index) return structure;
  const read = (component: FlowComponent): FlowComponent => {
    const list = component.codelistRef ? indexedCodelist(index, component.codelistRef) : undefined;
    if (!list || list === component.codelist) return component;
    const { codelistFailure: _failure, ...rest } = component;
    return { ...rest, codelist: list };
  };
  return { ...structure, dimensions: structure.dimensions.map(read) };
}

/**
 * A flow's structure as the index assembled it from the bulk answers, when every dimension's code
 * list is in it; null otherwise (the DSD or a list missing, a dimension coded through its concept,
 * which bulk answers without references do not carry), and the flow's own structure is read.
 */
export function indexedFlowStructure(index: SearchableIndex, flow: DataflowInfo): FlowStructure | null {
  const group = flow.structure ? index.groupOf.get(structureKey(flow.structure)) : undefined;
  const structure = group?.structure;
  if (!structure || structure.dimensions.some((d) => !d.codelist)) return null;
  return structure.flow === flow ? structure : { ...structure, flow };
}
