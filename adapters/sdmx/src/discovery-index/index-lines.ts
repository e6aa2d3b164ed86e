import type { WorkSlicer } from '@opendata-mcp/core';
import type { DiscoveryData } from './discovery-data.js';

// The parts that grow with the registry: its lists, written as JSON a run of items at a time, and
// its serialised text indexes, a run of characters at a time. Neither writing nor reading the index
// is then one JSON pass, or one UTF-8 encoding or decoding, over megabytes on the main thread.
const LISTS = ['flows', 'dataStructures', 'codelists', 'codePlaces'] as const;
const TEXTS = ['flowText', 'codeText'] as const;
type ListName = (typeof LISTS)[number];
type TextName = (typeof TEXTS)[number];

/** About how much JSON a line of list items holds; an item larger than this is a line of its own. */
export const LINE_CHARS = 64 * 1024;

const NEWLINE = 0x0a;

/**
 * The index as UTF-8 lines of JSON: first everything but the parts that grow, then
 * `[list, items]` and `[text, characters]` lines of about `LINE_CHARS` each. JSON text never holds a
 * raw line break, so lines split cleanly; a text cut between the two halves of a character outside
 * the basic plane is written as two escapes and joined back whole.
 */
export async function* indexLines(data: DiscoveryData, slicer: WorkSlicer): AsyncGenerator<Buffer> {
  const head: Record<string, unknown> = { ...data };
  for (const list of LISTS) head[list] = [];
  for (const text of TEXTS) head[text] = '';
  yield Buffer.from(JSON.stringify(head));
  for (const list of LISTS) {
    let items: string[] = [];
    let chars = 0;
    const line = () => Buffer.from(`\n[${JSON.stringify(list)},[${items.join(',')}]]`);
    for (const item of data[list] as readonly unknown[]) {
      const json = JSON.stringify(item);
      items.push(json);
      chars += json.length;
      if (chars >= LINE_CHARS) {
        yield line();
        items = [];
        chars = 0;
      }
      await slicer.tick();
    }
    if (items.length > 0) yield line();
  }
  for (const text of TEXTS)
    for (let at = 0; at < data[text].length; at += LINE_CHARS) {
      yield Buffer.from(`\n${JSON.stringify([text, data[text].slice(at, at + LINE_CHARS)])}`);
      await slicer.tick();
    }
}

/** Reads back what `indexLines` wrote, a line at a time, from its bytes in chunks of any size. */
export async function readIndexLines(
  chunks: AsyncIterable<Buffer>,
  slicer: WorkSlicer,
): Promise<DiscoveryData> {
  let data: DiscoveryData | undefined;
  const texts: Record<TextName, string[]> = { flowText: [], codeText: [] };
  for await (const line of linesOf(chunks)) {
    if (data === undefined) data = JSON.parse(line) as DiscoveryData;
    else {
      const [name, value] = JSON.parse(line) as [string, unknown];
      if (LISTS.includes(name as ListName) && Array.isArray(value))
        for (const item of value) (data[name as ListName] as unknown[]).push(item);
      else if (TEXTS.includes(name as TextName) && typeof value === 'string')
        texts[name as TextName].push(value);
      else throw new Error('Not a discovery index line.');
    }
    await slicer.tick();
  }
  if (data === undefined) throw new Error('An empty discovery index.');
  for (const text of TEXTS) data[text] = texts[text].join('');
  return data;
}

/** The lines of UTF-8 text that arrives in chunks (a line break is one byte, never inside a character). */
async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      yield (pending.length > 0 ? Buffer.concat([...pending, piece]) : piece).toString('utf8');
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield Buffer.concat(pending).toString('utf8');
}
