import type { CodeInfo } from '../registry/structure-types.js';
import { type AreaKind, areaKinds } from './area-kinds.js';
import { codeTree, descendantsOf } from './code-tree.js';

export interface Members {
  codes: string[];
  /** Where membership came from: the code list's parent links (hierarchical code lists join later). */
  source: 'parent_links';
  /** True when the members are the countries under the aggregate, false when its direct sub-groups. */
  countries: boolean;
}

/**
 * The members of an aggregate code: the countries somewhere under it when the code list links
 * any, else the codes directly under it (sub-regions). Empty when nothing in the list is under it.
 */
export function membersOf(codes: CodeInfo[], aggregate: string): Members {
  const tree = codeTree(codes);
  const kind: (id: string) => AreaKind = areaKinds(codes);
  const countries = descendantsOf(tree, aggregate).filter((id) => kind(id) === 'country');
  if (countries.length > 0) return { codes: countries, source: 'parent_links', countries: true };
  return { codes: tree.children.get(aggregate) ?? [], source: 'parent_links', countries: false };
}
