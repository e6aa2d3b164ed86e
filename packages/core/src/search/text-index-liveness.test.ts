import { describe, expect, it } from 'vitest';
import { longestStall } from '../testing/longest-stall.js';
import { createTextIndex, loadTextIndex, loadTextIndexAsync, type TextDocument } from './text-index.js';

const FIELDS = [
  { name: 'title', boost: 3 },
  { name: 'description', boost: 1 },
];
const WORDS = [
  'Bevölkerung',
  'Geburten',
  'Kanton',
  'Wald',
  'Brände',
  'Preise',
  'Schulen',
  'Verkehr',
  'Unfälle',
];

/** SYNTHETIC documents: 20,000 titles and descriptions made of a few German words and a number. */
function syntheticDocs(count = 20_000): TextDocument[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `syn-${i}`,
    fields: {
      title: [{ lang: 'de', text: `${WORDS[i % WORDS.length]}${WORDS[(i * 7) % WORDS.length]} ${i}` }],
      description: [{ lang: 'de', text: `${WORDS[(i * 3) % WORDS.length]} nach Region ${i % 97}` }],
    },
  }));
}

/** The longest wait between the event loop's turns while `work` ran, in ms. */
async function stallOf(work: () => Promise<unknown>): Promise<number> {
  return (await longestStall(work)).stallMs;
}

describe('a large text index is prepared and loaded without holding the main thread', () => {
  it('serves a timer within 250 ms while 20,000 documents are indexed, and finds them after', async () => {
    const index = createTextIndex({ fields: FIELDS });
    index.addAll(syntheticDocs());
    expect(await stallOf(() => index.prepare())).toBeLessThan(250);
    expect(index.size).toBe(20_000);
    expect(index.search('Waldbrände 4711')[0]?.id).toBe('syn-4711');
  });

  it('serves a timer within 250 ms while the index is serialised and loaded back', async () => {
    const index = createTextIndex({ fields: FIELDS });
    index.addAll(syntheticDocs());
    await index.prepare();
    let bytes: Uint8Array = new Uint8Array();
    expect(
      await stallOf(async () => {
        bytes = await index.serializeAsync();
      }),
    ).toBeLessThan(250);
    let loaded: Awaited<ReturnType<typeof loadTextIndexAsync>> | undefined;
    expect(
      await stallOf(async () => {
        loaded = await loadTextIndexAsync(bytes);
      }),
    ).toBeLessThan(250);
    expect(loaded?.size).toBe(20_000);
    expect(loaded?.search('Waldbrände 4711')[0]?.id).toBe('syn-4711');
  });

  it('stops when the signal aborts, keeps the rest pending, and a later preparation finishes it', async () => {
    const index = createTextIndex({ fields: FIELDS });
    index.addAll(syntheticDocs(5_000));
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('stopped')), 20);
    await expect(index.prepare({ signal: stop.signal })).rejects.toThrow('stopped');
    await index.prepare();
    expect(index.size).toBe(5_000);
    expect(index.search('Geburten 4999')[0]?.id).toBe('syn-4999');
  });

  it('refuses to start with a signal already aborted, and refuses bytes of another format', async () => {
    const index = createTextIndex({ fields: FIELDS });
    index.addAll(syntheticDocs(10));
    await expect(index.prepare({ signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
    await expect(loadTextIndexAsync('{"format":"other"}')).rejects.toThrow(/Not a text index/);
  });

  it('serialises in slices what loads back as the index serialised at once', async () => {
    const index = createTextIndex({ fields: FIELDS });
    index.addAll(syntheticDocs(2_000));
    const sliced = await loadTextIndexAsync(await index.serializeAsync());
    const atOnce = loadTextIndex(index.serialize());
    expect(sliced.size).toBe(2_000);
    for (const query of ['Bevölkerung Kanton', 'Schulen 1234', 'Verkehrsunfälle Region 12'])
      expect(sliced.search(query, { limit: 20 })).toEqual(atOnce.search(query, { limit: 20 }));
  });

  it('ranks the same whether prepared in slices or indexed at once', async () => {
    const docs = syntheticDocs(2_000);
    const sliced = createTextIndex({ fields: FIELDS });
    sliced.addAll(docs);
    await sliced.prepare();
    const atOnce = createTextIndex({ fields: FIELDS });
    atOnce.addAll(docs);
    for (const query of ['Bevölkerung Kanton', 'Schulen 1234', 'Verkehrsunfälle Region 12'])
      expect(sliced.search(query, { limit: 20 })).toEqual(atOnce.search(query, { limit: 20 }));
  });
});
