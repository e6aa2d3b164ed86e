import { describe, expect, it } from 'vitest';
import type { Adapter } from '../contract/adapter.js';
import type { AdapterPlaces } from '../contract/place-capability.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { silentLogger } from '../log/logger.js';
import { createOpenDataServer } from './create-server.js';

function adapter(id: string, places?: AdapterPlaces): Adapter {
  return {
    specificationVersion: 1,
    id,
    backend: 'test',
    title: id,
    endpoint: `https://${id}.example`,
    instructions: 'Test backend.',
    tools: [],
    ...(places ? { places } : {}),
  };
}

// Codes countries by alpha-3 and nothing else, as a registry whose area list holds only countries.
const byAlpha3: AdapterPlaces = {
  code: async (place) => ({
    codes: place.codes.iso3 ? [{ code: place.codes.iso3, label: null, where: 'CL_AREA' }] : [],
    note: place.codes.iso3 ? null : 'CL_AREA holds countries only',
  }),
};
const down: AdapterPlaces = {
  code: async () => {
    throw new OpenDataError('upstream_unavailable', 'registry down');
  },
};

function server() {
  return createOpenDataServer({
    adapters: [adapter('registry', byAlpha3), adapter('broken', down), adapter('catalogue')],
    logger: silentLogger,
  });
}

describe('resolve_place', () => {
  it('answers the place, its codes per backend, and says which backends could not tell', async () => {
    const s = server();
    const answer = await s.callTool('resolve_place', { name: 'Brasilien' });
    expect(answer).toMatchObject({
      ok: true,
      place: {
        id: 'country/BR',
        kind: 'country',
        name: 'Brazil',
        codes: { iso2: 'BR', iso3: 'BRA', m49: '076' },
      },
      members: null,
      backends: [
        { adapter_id: 'registry', status: 'coded', codes: [{ code: 'BRA', label: null, where: 'CL_AREA' }] },
        { adapter_id: 'broken', status: 'failed', codes: [], error: { code: 'upstream_unavailable' } },
        { adapter_id: 'catalogue', status: 'cannot_resolve', codes: [] },
      ],
      source: { access_method: 'gazetteer', identifiers: { place: 'country/BR' } },
    });
    await s.close();
  });

  it('lists the members of a group and says when a backend does not code it', async () => {
    const s = server();
    const answer = await s.callTool('resolve_place', {
      name: 'Europäische Union',
      backend: 'registry',
      language: 'de',
    });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.place).toMatchObject({ id: 'group/EU27', name: 'Europäische Union' });
    expect(answer.members).toHaveLength(27);
    expect(answer.members).toContainEqual({ id: 'country/DE', name: 'Deutschland', iso3: 'DEU' });
    expect(answer.backends).toEqual([
      expect.objectContaining({
        adapter_id: 'registry',
        status: 'not_coded',
        note: 'CL_AREA holds countries only',
      }),
    ]);
    await s.close();
  });

  it('narrows a shared name by kind', async () => {
    const s = server();
    const answer = await s.callTool('resolve_place', {
      name: 'Ginevra',
      kind: 'canton',
      backend: 'catalogue',
    });
    expect(answer).toMatchObject({
      ok: true,
      place: { id: 'canton/25', codes: { bfs: 25, abbreviation: 'GE' } },
    });
    await s.close();
  });

  it('refuses an unknown place, an ambiguous name and an unknown backend', async () => {
    const s = server();
    expect(await s.callTool('resolve_place', { name: 'Atlantis' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', retryable: false },
    });
    const ambiguous = await s.callTool('resolve_place', { name: 'Genf' });
    expect(ambiguous).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (ambiguous.ok) return;
    expect(ambiguous.error.details?.candidates).toEqual([
      { id: 'canton/25', kind: 'canton', name: 'Geneva' },
      { id: 'municipality/6621', kind: 'municipality', name: 'Geneva' },
    ]);
    expect(ambiguous.error.hint).toContain('canton/25');
    const noBackend = await s.callTool('resolve_place', { name: 'Schweiz', backend: 'elsewhere' });
    expect(noBackend).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!noBackend.ok) expect(noBackend.error.hint).toContain('registry, broken, catalogue');
    expect(await s.callTool('resolve_place', { name: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    await s.close();
  });

  it('is offered only when some backend maps places', () => {
    const without = createOpenDataServer({ adapters: [adapter('catalogue')], logger: silentLogger });
    expect(without.tools.map((t) => t.name)).not.toContain('resolve_place');
    expect(server().tools.map((t) => t.name)).toContain('resolve_place');
  });
});
