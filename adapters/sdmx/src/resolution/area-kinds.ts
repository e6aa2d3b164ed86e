import type { CodeInfo } from '../registry/structure-types.js';
import { codeTree } from './code-tree.js';

export type AreaKind = 'country' | 'aggregate';

const ISO3 = /^[A-Z]{3}$/;

/**
 * Tells countries from aggregates (regions, income groups, the world) in a geography code list,
 * from the list itself: a code with members is an aggregate; where parent links are sparse (only
 * groupings carry them, as in UNICEF's CL_COUNTRY) a code with a parent is one too; and where
 * nearly every remaining code has the ISO 3166 alpha-3 shape, a code without it is one.
 */
export function areaKinds(codes: CodeInfo[]): (id: string) => AreaKind {
  const tree = codeTree(codes);
  const linked = codes.filter((c) => c.parent !== null).length;
  const sparseLinks = linked > 0 && linked < codes.length / 2;
  const rest = codes.filter((c) => !tree.children.has(c.id) && !(sparseLinks && c.parent !== null));
  const isoConvention = rest.length > 0 && rest.filter((c) => ISO3.test(c.id)).length >= rest.length * 0.8;
  const kinds = new Map<string, AreaKind>();
  for (const code of codes) {
    const aggregate =
      tree.children.has(code.id) ||
      (sparseLinks && code.parent !== null) ||
      (isoConvention && !ISO3.test(code.id));
    kinds.set(code.id, aggregate ? 'aggregate' : 'country');
  }
  return (id) => kinds.get(id) ?? (isoConvention && !ISO3.test(id) ? 'aggregate' : 'country');
}
