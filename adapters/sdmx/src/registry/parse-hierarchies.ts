import type { ArtefactRef, HierarchyInfo, HierarchyNode } from './structure-types.js';
import { list, type Node, parseUrn, refOf, textOf, texts } from './xml-nodes.js';

/**
 * The hierarchies of an SDMX-ML 2.1 HierarchicalCodelist: each Hierarchy names codes by a code
 * list alias and a CodeID.
 */
export function parseHierarchicalCodelist(hcl: Node): HierarchyInfo[] {
  const aliases = new Map<string, ArtefactRef>();
  for (const included of list(hcl.IncludedCodelist)) {
    const ref = refOf(included);
    if (included.alias !== undefined && ref)
      aliases.set(String(included.alias), { agency: ref.agency, id: ref.id, version: ref.version });
  }
  return list(hcl.Hierarchy).map(
    (hierarchy: Node): HierarchyInfo => ({
      agency: hcl.agencyID === undefined ? null : String(hcl.agencyID),
      id: String(hierarchy.id),
      version: hcl.version === undefined ? null : String(hcl.version),
      hcl: String(hcl.id),
      names: texts(hierarchy.Name),
      roots: nodes(hierarchy.HierarchicalCode, aliases),
    }),
  );
}

/** An SDMX-ML 3.0 Hierarchy: each HierarchicalCode names its code by URN. */
export function parseHierarchy(hierarchy: Node): HierarchyInfo {
  return {
    agency: hierarchy.agencyID === undefined ? null : String(hierarchy.agencyID),
    id: String(hierarchy.id),
    version: hierarchy.version === undefined ? null : String(hierarchy.version),
    hcl: null,
    names: texts(hierarchy.Name),
    roots: nodes(hierarchy.HierarchicalCode, new Map()),
  };
}

function nodes(items: Node, aliases: Map<string, ArtefactRef>): HierarchyNode[] {
  return list(items).map((item: Node): HierarchyNode => {
    const children = nodes(item.HierarchicalCode, aliases);
    // 2.1: alias + CodeID (or a Ref to the code); 3.0: the code's URN as text.
    const codeId = refOf(item.CodeID)?.id;
    if (codeId !== undefined) {
      const alias = textOf(item.CodelistAliasRef);
      return { code: codeId, codelist: (alias && aliases.get(alias)) || null, children };
    }
    const urn = textOf(list(item.Code)[0]);
    const parsed = urn ? parseUrn(urn) : null;
    if (parsed?.item) {
      return {
        code: parsed.item,
        codelist: { agency: parsed.agency, id: parsed.id, version: parsed.version },
        children,
      };
    }
    const ref = refOf(list(item.Code)[0]);
    return {
      code: ref?.id ?? String(item.id),
      codelist: ref?.parent ? { agency: ref.agency, id: ref.parent, version: ref.version } : null,
      children,
    };
  });
}
