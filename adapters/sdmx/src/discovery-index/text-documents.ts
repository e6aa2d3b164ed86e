import {
  createTextIndex,
  type LangText,
  type TextDocument,
  type TextIndex,
  workSlicer,
} from '@opendata-mcp/core';
import type { CodelistInfo, DataflowInfo, LocalText } from '../registry/structure-types.js';
import { ancestorsOf, type CodeTree, codeTree } from '../resolution/code-tree.js';

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

/**
 * Flows as text documents, by their place in the list: names, ids, descriptions and categories in
 * every language; prepared in time slices, stopping when the signal aborts.
 */
export async function flowTextIndex(
  flows: DataflowInfo[],
  filedUnder: Record<string, LocalText[]>,
  signal?: AbortSignal,
): Promise<TextIndex> {
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
  await index.prepare({ signal });
  return index;
}

/** The names of the codes a code sits under: what a search reads it in the context of. */
export function contextNames(tree: CodeTree, id: string): LocalText[] {
  return ancestorsOf(tree, id).flatMap((ancestor) => tree.byId.get(ancestor)?.names ?? []);
}

/** A code's fields as a text document of CODE_FIELDS: its names, and the names of those it sits under. */
export function codeFields(
  names: readonly LocalText[],
  context: readonly LocalText[],
): TextDocument['fields'] {
  return { name: texts(names), context: texts(context) };
}

/**
 * The indicator codes as text documents: each code's names, and as context the names of the codes
 * it sits under. Codes with the same texts (a breakdown repeated under many lists) are one document,
 * whose places (`[list, code, list, code …]`) are returned beside the index; group codes are
 * headings, not indicators, and are left out.
 */
export async function codeTextIndex(
  codelists: CodelistInfo[],
  signal?: AbortSignal,
): Promise<{ index: TextIndex; places: number[][] }> {
  const slicer = workSlicer(signal);
  const index = createTextIndex({ fields: CODE_FIELDS });
  const byText = new Map<string, number>();
  const places: number[][] = [];
  for (const [l, list] of codelists.entries()) {
    const tree = codeTree(list.codes);
    for (const [c, code] of list.codes.entries()) {
      await slicer.tick();
      if (tree.children.has(code.id)) continue;
      const context = contextNames(tree, code.id);
      const key = JSON.stringify([code.names, context]);
      const known = byText.get(key);
      if (known !== undefined) {
        places[known]?.push(l, c);
        continue;
      }
      byText.set(key, places.length);
      index.add({ id: String(places.length), fields: codeFields(code.names, context) });
      places.push([l, c]);
    }
  }
  await index.prepare({ signal });
  return { index, places };
}
