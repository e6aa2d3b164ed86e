import { createTextIndex, type TextIndex } from '@opendata-mcp/core';
import type { CubeCatalogue } from './cube-catalogue.js';

// One index per catalogue held in the metadata cache: built on the first search after a load.
const built = new WeakMap<CubeCatalogue, TextIndex>();

/** The text index over a catalogue's cube names (counting most) and descriptions, in every language, prepared in time slices. */
export async function cubeSearchIndex(catalogue: CubeCatalogue, signal?: AbortSignal): Promise<TextIndex> {
  const held = built.get(catalogue);
  if (held) {
    await held.prepare({ signal });
    return held;
  }
  const index = createTextIndex({
    fields: [
      { name: 'name', boost: 3 },
      { name: 'description', boost: 1 },
    ],
  });
  for (const cube of catalogue.cubes) {
    index.add({
      id: cube.cube_id,
      fields: {
        name: cube.names.map((t) => ({ lang: t.lang, text: t.value })),
        description: cube.descriptions.map((t) => ({ lang: t.lang, text: t.value })),
      },
    });
  }
  built.set(catalogue, index);
  await index.prepare({ signal });
  return index;
}
