import type { CodeInfo, HierarchyInfo } from '../registry/structure-types.js';
import { type AreaKind, areaKinds } from './area-kinds.js';
import { codeTree, descendantsOf } from './code-tree.js';
import { hierarchyMembers } from './hierarchies.js';

export interface Members {
  codes: string[];
  /** Where membership came from: a hierarchical code list of the registry, or the code list's parent links. */
  source: 'hierarchy' | 'parent_links';
  /** True when the members are the countries under the aggregate, false when its direct sub-groups. */
  countries: boolean;
}

/**
 * The members of an aggregate code. A hierarchical code list of the registry that holds the code
 * decides (its members that the code list knows); else the code list's parent links: the countries
 * somewhere under it when it links any, else the codes directly under it (sub-regions).
 */
export function membersOf(codes: CodeInfo[], aggregate: string, hierarchies: HierarchyInfo[] = []): Members {
  const tree = codeTree(codes);
  const kind: (id: string) => AreaKind = areaKinds(codes);
  const fromHierarchy = hierarchyMembers(hierarchies, aggregate).filter((id) => tree.byId.has(id));
  if (fromHierarchy.length > 0) {
    const countries = fromHierarchy.filter((id) => kind(id) === 'country');
    return countries.length > 0
      ? { codes: countries, source: 'hierarchy', countries: true }
      : { codes: fromHierarchy, source: 'hierarchy', countries: false };
  }
  const countries = descendantsOf(tree, aggregate).filter((id) => kind(id) === 'country');
  if (countries.length > 0) return { codes: countries, source: 'parent_links', countries: true };
  return { codes: tree.children.get(aggregate) ?? [], source: 'parent_links', countries: false };
}
