import type { CategorisationInfo, CategoryInfo, CategorySchemeInfo } from './structure-types.js';
import { list, type Node, refOf, texts } from './xml-nodes.js';

/** A category scheme with every category flattened, each carrying the id path above it. */
export function parseCategoryScheme(node: Node): CategorySchemeInfo {
  const categories: CategoryInfo[] = [];
  const walk = (items: Node, path: string[]) => {
    for (const c of list(items)) {
      const id = String(c.id);
      categories.push({ id, names: texts(c.Name), path });
      walk(c.Category, [...path, id]);
    }
  };
  walk(node.Category, []);
  return {
    agency: node.agencyID === undefined ? null : String(node.agencyID),
    id: String(node.id),
    version: node.version === undefined ? null : String(node.version),
    names: texts(node.Name),
    categories,
  };
}

/** A categorisation: which artefact is filed under which category (nested ids are dotted). */
export function parseCategorisation(node: Node): CategorisationInfo {
  const source = refOf(node.Source);
  const target = refOf(node.Target);
  return {
    id: String(node.id),
    source: {
      agency: source?.agency ?? null,
      id: source?.id ?? '',
      version: source?.version ?? null,
      kind: source?.kind ?? null,
    },
    scheme: { agency: target?.agency ?? null, id: target?.parent ?? '', version: target?.version ?? null },
    categoryPath: target ? target.id.split('.') : [],
  };
}
