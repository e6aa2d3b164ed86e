import { createTextIndex, type LangText, type TextDocument, type TextIndex } from '@opendata-mcp/core';
import type { CodelistInfo, DataflowInfo, LocalText } from '../registry/structure-types.js';
import { ancestorsOf, codeTree } from '../resolution/code-tree.js';

export const FLOW_FIELDS = [
  { name: 'name', boost: 3 },
  // Not `id`: that is the document's own id in the index underneath.
  { name: 'flow_id', boost: 2 },
  { name: 'description', boost: 1 },
  { name: 'category', boost: 1 },
];
export const CODE_FIELDS = [
  { name: 'name', boost: 3 },
  { name: 'context', boost: 1 },
];

const texts = (items: readonly LocalText[]): LangText[] =>
  items.map((t) => ({ lang: t.lang, text: t.value }));

/** Flows as text documents, by their place in the list: names, ids, descriptions and categories in every language. */
export function flowTextIndex(flows: DataflowInfo[], filedUnder: Record<string, LocalText[]>): TextIndex {
  const index = createTextIndex({ fields: FLOW_FIELDS });
  index.addAll(
    flows.map(
      (flow, i): TextDocument => ({
        id: String(i),
        fields: {
          name: texts(flow.names),
          flow_id: [{ lang: 'und', text: flow.id.replace(/_/g, ' ') }],
          description: texts(flow.descriptions),
          category: texts(filedUnder[flow.id] ?? []),
        },
      }),
    ),
  );
  return index;
}

/**
 * The indicator codes as text documents: each code's names, and as context the names of the codes
 * it sits under. Codes with the same texts (a breakdown repeated under many lists) are one document,
 * whose places (`[list, code, list, code …]`) are returned beside the index; group codes are
 * headings, not indicators, and are left out.
 */
export function codeTextIndex(codelists: CodelistInfo[]): { index: TextIndex; places: number[][] } {
  const index = createTextIndex({ fields: CODE_FIELDS });
  const byText = new Map<string, number>();
  const places: number[][] = [];
  codelists.forEach((list, l) => {
    const tree = codeTree(list.codes);
    list.codes.forEach((code, c) => {
      if (tree.children.has(code.id)) return;
      const context = ancestorsOf(tree, code.id).flatMap((id) => tree.byId.get(id)?.names ?? []);
      const key = JSON.stringify([code.names, context]);
      const known = byText.get(key);
      if (known !== undefined) {
        places[known]?.push(l, c);
        return;
      }
      byText.set(key, places.length);
      index.add({ id: String(places.length), fields: { name: texts(code.names), context: texts(context) } });
      places.push([l, c]);
    });
  });
  return { index, places };
}
