import { describe, expect, it } from 'vitest';
import type { Adapter } from '../contract/adapter.js';
import { silentLogger } from '../log/logger.js';
import { createOpenDataServer } from './create-server.js';

function adapter(id: string, search?: Adapter['search'], languages?: string[]): Adapter {
  return {
    ...(languages ? { languages } : {}),
    specificationVersion: 1,
    id,
    backend: 'test',
    title: id,
    endpoint: `https://${id}.example`,
    instructions: 'Test backend.',
    tools: [],
    ...(search ? { search } : {}),
  };
}

describe('search_all', () => {
  it('does not call a search complete while a backend could not be searched', async () => {
    const searching = adapter('catalogue', async () => [
      {
        kind: 'dataset',
        id: 'd1',
        title: 'Mortality by cause',
        open: { tool: 'get_dataset', arguments: { dataset_id: 'd1' } },
      },
    ]);
    const server = createOpenDataServer({ adapters: [searching, adapter('tables')], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'mortality' });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.backends).toEqual([
      expect.objectContaining({ adapter_id: 'catalogue', status: 'answered', hits: 1 }),
      expect.objectContaining({ adapter_id: 'tables', status: 'cannot_search', hits: 0 }),
    ]);
    expect(answer.all_answered).toBe(false);
    await server.close();
  });

  const hit = (id: string, title: string, description: string | null = null) => ({
    kind: 'dataset',
    id,
    title,
    description,
    open: { tool: 'get_dataset', arguments: { dataset_id: id } },
  });

  it('ranks the hit covering the whole question first, whatever the backends said, and drops weak hits', async () => {
    // The first backend puts hits sharing only the common word first; the second holds the full match.
    const common = adapter('common', async () => [
      hit('a', 'Einwohner nach Kanton'),
      hit('b', 'Einwohner nach Alter'),
      hit('c', 'Einwohner nach Geschlecht'),
    ]);
    const full = adapter('full', async () => [
      hit('d', 'Lebendgeburten nach Kanton', 'Geburten und Einwohner'),
    ]);
    const server = createOpenDataServer({ adapters: [common, full], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'Einwohner Geburten' });
    await server.close();
    if (!answer.ok) throw new Error(answer.error.message);
    const hits = answer.hits as Array<{ id: string; matched_words: string[]; coverage: number }>;
    expect(hits[0]).toMatchObject({ id: 'd', matched_words: ['einwohner', 'geburten'], coverage: 1 });
    // Hits matching only "Einwohner" cover half the question: not more than half the best, so left out.
    expect(hits.map((h) => h.id)).toEqual(['d']);
  });

  it('keeps the backends order when none of their hits shows a word of the question', async () => {
    const opaque = adapter('opaque', async () => [hit('x1', 'Table 1'), hit('x2', 'Table 2')]);
    const server = createOpenDataServer({ adapters: [opaque], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'unemployment' });
    await server.close();
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.hits).toEqual([
      expect.objectContaining({ id: 'x1', matched_words: [], coverage: 0 }),
      expect.objectContaining({ id: 'x2', matched_words: [], coverage: 0 }),
    ]);
  });

  it('names the languages of the backends metadata when hits are few', async () => {
    const german = adapter('cubes', async () => [hit('w', 'Waldbrandgefahr')], ['de', 'fr']);
    const ukrainian = adapter('portal', async () => [], ['uk']);
    const silent = adapter('quiet', async () => []);
    const server = createOpenDataServer({ adapters: [german, ukrainian, silent], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'forest fire' });
    await server.close();
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.hits).toEqual([expect.objectContaining({ id: 'w', matched_words: ['forest', 'fire'] })]);
    expect(answer.hint).toMatch(/cubes: de, fr; portal: uk/);
    expect(answer.backends).toEqual([
      expect.objectContaining({ adapter_id: 'cubes', languages: ['de', 'fr'] }),
      expect.objectContaining({ adapter_id: 'portal', languages: ['uk'] }),
      expect.objectContaining({ adapter_id: 'quiet', languages: null }),
    ]);
  });

  it('gives no language hint when hits are many, or when no backend states its languages', async () => {
    const many = adapter('many', async () => [hit('1', 'Fire 1'), hit('2', 'Fire 2'), hit('3', 'Fire 3')], [
      'en',
    ]);
    const quiet = adapter('quiet', async () => []);
    const server = createOpenDataServer({ adapters: [many], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'fire' });
    await server.close();
    expect(answer).toMatchObject({ ok: true, hint: null, returned: 3 });
    const alone = createOpenDataServer({ adapters: [quiet], logger: silentLogger });
    const empty = await alone.callTool('search_all', { query: 'fire' });
    await alone.close();
    expect(empty).toMatchObject({ ok: true, hint: null, returned: 0 });
  });
});
