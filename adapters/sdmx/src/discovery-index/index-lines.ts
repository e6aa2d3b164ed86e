import type { WorkSlicer } from '@opendata-mcp/core';
import type { DiscoveryData } from './discovery-data.js';

// The lists that grow with the registry; written a few hundred items a line, so neither writing nor
// reading the index is one JSON pass, or one UTF-8 encoding or decoding, over tens of megabytes on
// the main thread.
const LISTS = ['flows', 'dataStructures', 'codelists', 'codePlaces'] as const;
const ITEMS_PER_LINE = 200;

const NEWLINE = 0x0a;

/**
 * The index as UTF-8 lines of JSON: first everything but the long lists, then `[list, items]`
 * lines. JSON text never holds a raw line break, so lines split cleanly.
 */
export async function indexLines(data: DiscoveryData, slicer: WorkSlicer): Promise<Buffer> {
  const head: Record<string, unknown> = { ...data };
  for (const list of LISTS) head[list] = [];
  const lines = [Buffer.from(JSON.stringify(head))];
  for (const list of LISTS) {
    const items: readonly unknown[] = data[list];
    for (let i = 0; i < items.length; i += ITEMS_PER_LINE) {
      lines.push(Buffer.from(`\n${JSON.stringify([list, items.slice(i, i + ITEMS_PER_LINE)])}`));
      await slicer.tick();
    }
  }
  return Buffer.concat(lines);
}

/** Reads back what `indexLines` wrote, a line at a time. */
export async function readIndexLines(bytes: Buffer, slicer: WorkSlicer): Promise<DiscoveryData> {
  const lineAt = (start: number) => {
    const end = bytes.indexOf(NEWLINE, start);
    return {
      line: bytes.toString('utf8', start, end < 0 ? bytes.length : end),
      next: end < 0 ? -1 : end + 1,
    };
  };
  let { line, next } = lineAt(0);
  const data = JSON.parse(line) as DiscoveryData;
  while (next >= 0) {
    await slicer.tick();
    ({ line, next } = lineAt(next));
    const [list, items] = JSON.parse(line) as [(typeof LISTS)[number], unknown[]];
    if (!LISTS.includes(list)) throw new Error('Not a discovery index line.');
    (data[list] as unknown[]).push(...items);
  }
  return data;
}
