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

  it('offers no next page when a backend filled the page only with hits too weak to list', async () => {
    // The page size is 2: the weak backend gives 2 (it may have more), all far weaker than the best hit.
    const weak = adapter('weak', async () => [hit('w1', 'Canton list'), hit('w2', 'Canton codes')]);
    const strong = adapter('strong', async () => [hit('s1', 'Population résidente par canton')]);
    const server = createOpenDataServer({ adapters: [weak, strong], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'population résidente canton', limit: 2 });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect((answer.hits as Array<{ id: string }>).map((h) => h.id)).toEqual(['s1']);
    expect(answer.backends).toEqual([
      expect.objectContaining({ adapter_id: 'weak', hits: 2, kept: 0 }),
      expect.objectContaining({ adapter_id: 'strong', hits: 1, kept: 1 }),
    ]);
    expect(answer).toMatchObject({ truncated: false, total_matched: 1, next_offset: null });
    // The hint says why the weak backend's hits are missing, so "2 hits, 0 kept" does not read as a fault.
    expect(answer.hint).toContain('Hits left out as far weaker than the best (weak 2)');
    await server.close();
  });

  it('says when even the best hit covers less than half of the question, and not when it covers more', async () => {
    const rates = adapter('rates', async () =>
      ['Stillbirth rate', 'Mortality rate', 'Vaccination rate', 'Literacy rate'].map((t, i) =>
        hit(`r${i}`, t),
      ),
    );
    const server = createOpenDataServer({ adapters: [rates], logger: silentLogger });
    const weak = await server.callTool('search_all', {
      query: 'bank international settlements exchange rate',
    });
    expect(weak.ok).toBe(true);
    if (!weak.ok) return;
    expect((weak.hits as unknown[]).length).toBe(4);
    expect(weak.hint).toBe(
      'No hit covers half of the question (the best matches only "rate"): the backends may not hold what was asked.',
    );
    const strong = await server.callTool('search_all', { query: 'mortality rate' });
    expect(strong.ok).toBe(true);
    if (!strong.ok) return;
    expect((strong.hits as Array<{ id: string }>)[0]?.id).toBe('r1');
    expect(String(strong.hint)).not.toContain('No hit covers half');
    // A place's words are for place_coverage to check: the topic word alone is not a weak match.
    const placed = await server.callTool('search_all', { query: 'Sterblichkeit Brasilien' });
    if (!placed.ok) throw new Error(placed.error.message);
    expect((placed.hits as Array<{ coverage: number }>)[0]?.coverage).toBeLessThan(0.5);
    expect(String(placed.hint)).not.toContain('No hit covers half');
    const unplaced = await server.callTool('search_all', { query: 'Sterblichkeit Brasilianer' });
    if (!unplaced.ok) throw new Error(unplaced.error.message);
    expect(String(unplaced.hint)).toContain('No hit covers half');
    await server.close();
  });

  it('offers the next page while a backend that filled the page still has hits in the list', async () => {
    const many = adapter('many', async () => [
      hit('m1', 'Canton population 1'),
      hit('m2', 'Canton population 2'),
    ]);
    const server = createOpenDataServer({ adapters: [many], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'canton population', limit: 2 });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer).toMatchObject({ returned: 2, truncated: true, total_matched: null, next_offset: 2 });
    await server.close();
  });

  it('ranks a hit by its names in other languages too, without showing them', async () => {
    // "catalogue" sorts before "registry": with no word of the question shown, its hit would lead.
    const portal = adapter('catalogue', async () => [hit('taxi', 'Government taxi rides')]);
    const registry = adapter('registry', async () => [
      {
        ...hit('asylum', 'Asylum seekers'),
        names: [
          { lang: 'es', text: 'Solicitantes de asilo' },
          { lang: 'fr', text: "Demandeurs d'asile" },
        ],
      },
    ]);
    const server = createOpenDataServer({ adapters: [portal, registry], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'solicitantes de asilo' });
    await server.close();
    if (!answer.ok) throw new Error(answer.error.message);
    const [first] = answer.hits as Array<{ id: string; matched_words: string[] }>;
    expect(first).toMatchObject({ id: 'asylum', title: 'Asylum seekers', coverage: 1 });
    expect(first?.matched_words).toEqual(['solicitantes', 'asilo']);
    expect(first).not.toHaveProperty('names');
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

describe('search_all place coverage', () => {
  const hit = (id: string) => ({
    kind: 'dataflow',
    id,
    title: `Mortality ${id}`,
    open: { tool: 'open', arguments: { id } },
  });
  // Knows for each hit whether it holds Brazil, as a registry reading its constraints would.
  const holdsBrazil: Record<string, boolean | null> = { lacks: false, holds: true, unsure: null };
  const registry: Adapter = {
    ...adapter('registry', async () => [hit('lacks'), hit('holds'), hit('unsure')]),
    places: {
      code: async () => ({ codes: [], note: null }),
      coverage: async (hits, question) =>
        hits.map((h) => ({
          place: question.places.some((p) => p.id === 'country/BR') ? (holdsBrazil[h.id] ?? null) : null,
          period: question.period === '2020' ? true : null,
        })),
    },
  };
  const failing: Adapter = {
    ...adapter('failing', async () => [hit('other')]),
    places: {
      code: async () => ({ codes: [], note: null }),
      coverage: async () => {
        throw new Error('no constraints today');
      },
    },
  };

  it('says which hits hold the place and year the query names, and puts those that lack it last', async () => {
    const server = createOpenDataServer({ adapters: [registry, failing], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'mortality in Brasilien 2020' });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const hits = answer.hits as Array<{ id: string; place_coverage: { has_data: boolean | null } }>;
    expect(Object.fromEntries(hits.map((h) => [h.id, h.place_coverage.has_data]))).toEqual({
      holds: true,
      unsure: null,
      other: null,
      lacks: false,
    });
    // The text ranking decides among the others; the hit known to lack Brazil comes last.
    const plain = await server.callTool('search_all', { query: 'mortality' });
    const order = plain.ok ? (plain.hits as Array<{ id: string }>).map((h) => h.id) : [];
    expect(hits.map((h) => h.id)).toEqual([...order.filter((id) => id !== 'lacks'), 'lacks']);
    expect(order.indexOf('lacks')).toBeLessThan(3);
    expect(hits.find((h) => h.id === 'holds')?.place_coverage).toEqual({
      place: 'Brasilien',
      place_ids: ['country/BR'],
      period: '2020',
      has_data: true,
    });
    await server.close();
  });

  it('counts a place of several words as one, not a hit holding one of its words', async () => {
    // The ranking a user met: a life-expectancy code whose French name holds "États" came before the
    // infant mortality rate for "infant mortality United States".
    const code = (id: string, title: string, description: string | null) => ({
      kind: 'indicator',
      id,
      title,
      description,
      open: { tool: 'open', arguments: { id } },
    });
    const codes = adapter('codes', async () => [
      code('life', 'Infant life expectancy, subject to mortality risks', 'Estimates of member states'),
      code('imr', 'Infant mortality rate', null),
    ]);
    const server = createOpenDataServer({ adapters: [codes], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'infant mortality United States' });
    await server.close();
    if (!answer.ok) throw new Error(answer.error.message);
    const hits = answer.hits as Array<{ id: string; matched_words: string[] }>;
    expect(hits.map((h) => h.id)).toEqual(['imr', 'life']);
    expect(hits[1]?.matched_words).not.toContain('states');
  });

  it('adds no place coverage when the query names no place', async () => {
    const server = createOpenDataServer({ adapters: [registry], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'mortality' });
    expect(answer.ok && (answer.hits as object[]).every((h) => !('place_coverage' in h))).toBe(true);
    await server.close();
  });
});
