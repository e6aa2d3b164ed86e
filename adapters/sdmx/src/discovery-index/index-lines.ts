import type { WorkSlicer } from '@opendata-mcp/core';
import type { DiscoveryData } from './discovery-data.js';

// The lists that grow with the registry; written a few hundred items a line, so neither writing nor
// reading the index is one JSON pass over tens of megabytes on the main thread.
const LISTS = ['flows', 'dataStructures', 'codelists', 'codePlaces'] as const;
const ITEMS_PER_LINE = 200;

/**
 * The index as lines of JSON: first everything but the long lists, then `[list, items]` lines.
 * JSON text never holds a raw line break, so lines split cleanly.
 */
export async function indexLines(data: DiscoveryData, slicer: WorkSlicer): Promise<string> {
  const head: Record<string, unknown> = { ...data };
  for (const list of LISTS) head[list] = [];
  const lines = [JSON.stringify(head)];
  for (const list of LISTS) {
    const items: readonly unknown[] = data[list];
    for (let i = 0; i < items.length; i += ITEMS_PER_LINE) {
      lines.push(JSON.stringify([list, items.slice(i, i + ITEMS_PER_LINE)]));
      await slicer.tick();
    }
  }
  return lines.join('\n');
}

/** Reads back what `indexLines` wrote. */
export async function readIndexLines(text: string, slicer: WorkSlicer): Promise<DiscoveryData> {
  const lines = text.split('\n');
  const data = JSON.parse(lines[0] ?? '') as DiscoveryData;
  for (const line of lines.slice(1)) {
    const [list, items] = JSON.parse(line) as [(typeof LISTS)[number], unknown[]];
    if (!LISTS.includes(list)) throw new Error('Not a discovery index line.');
    (data[list] as unknown[]).push(...items);
    await slicer.tick();
  }
  return data;
}
