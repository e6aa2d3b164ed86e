import { describe, expect, it } from 'vitest';
import type { Adapter } from '../contract/adapter.js';
import { silentLogger } from '../log/logger.js';
import { createOpenDataServer } from './create-server.js';

function adapter(id: string, search?: Adapter['search']): Adapter {
  return {
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
});

describe('search_all coverage', () => {
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
    const hits = answer.hits as Array<{ id: string; coverage: { has_data: boolean | null } }>;
    expect(Object.fromEntries(hits.map((h) => [h.id, h.coverage.has_data]))).toEqual({
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
    expect(hits.find((h) => h.id === 'holds')?.coverage).toEqual({
      place: 'Brasilien',
      place_ids: ['country/BR'],
      period: '2020',
      has_data: true,
    });
    await server.close();
  });

  it('adds no coverage when the query names no place', async () => {
    const server = createOpenDataServer({ adapters: [registry], logger: silentLogger });
    const answer = await server.callTool('search_all', { query: 'mortality' });
    expect(answer.ok && (answer.hits as object[]).every((h) => !('coverage' in h))).toBe(true);
    await server.close();
  });
});
