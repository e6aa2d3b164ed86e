import { createTextIndex, type TextIndex } from '@opendata-mcp/core';
import type { TableHit } from '../api/pxweb-api.js';

// One index per cached table list: built on the first search after the list is loaded.
const built = new WeakMap<readonly TableHit[], TextIndex>();

/** The text index over tables' titles (counting most) and the folders above them, prepared in time slices. */
export async function tableSearchIndex(
  tables: readonly TableHit[],
  language: string,
  signal?: AbortSignal,
): Promise<TextIndex> {
  const held = built.get(tables);
  if (held) {
    await held.prepare({ signal });
    return held;
  }
  const index = createTextIndex({
    fields: [
      { name: 'label', boost: 3 },
      { name: 'path', boost: 1 },
    ],
  });
  for (const table of tables) {
    index.add({
      id: table.id,
      fields: {
        label: [{ lang: language, text: table.label }],
        path: [{ lang: language, text: table.path.join(' ') }],
      },
    });
  }
  built.set(tables, index);
  await index.prepare({ signal });
  return index;
}
