import type { Envelope } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { type PxwebFixture, startPxwebFixture } from './fixture/start-pxweb-fixture.js';

// The fixture serves SCB's recorded `/config` (English and Swedish) and its recorded table TAB5974
// in Swedish only; the synthetic tables are titled in English whatever the language asked.
let fixture: PxwebFixture;
const servers: OpenDataServer[] = [];

beforeAll(async () => {
  fixture = await startPxwebFixture();
});
afterEach(() => fixture.setFault('none'));
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await fixture.close();
});

/** A fresh server (its own cache) on the fixture's v2 or v1 API, configured in English. */
function serverOn(version: 'v1' | 'v2'): OpenDataServer {
  const server = createOpenDataServer({
    adapters: [
      createPxwebAdapter({
        url: version === 'v1' ? fixture.v1Url : fixture.url,
        trusted_hosts: [fixture.hostPort],
        language: 'en',
      }),
    ],
    logger: silentLogger,
    http: { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
  });
  servers.push(server);
  return server;
}

function ok(envelope: Envelope): Record<string, unknown> {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope as unknown as Record<string, unknown>;
}

type Hit = { id: string; label: string; language: string };

describe('search_tables without a language', () => {
  it('finds a title in the portal’s other language, and lists each table once', async () => {
    const server = serverOn('v2');
    const answer = ok(await server.callTool('search_tables', { query: 'folkmängden efter ålder' }));
    expect(answer.languages_searched).toEqual(['en', 'sv']);
    const tables = answer.tables as Hit[];
    expect(tables[0]).toMatchObject({ id: 'TAB5974', language: 'sv' });
    expect(tables[0]?.label).toMatch(/^Folkmängd efter/);
    // The synthetic tables are in both languages' lists: matched once, in the configured language.
    const both = ok(await server.callTool('search_tables', { query: 'population' }));
    expect((both.tables as Hit[]).map((t) => [t.id, t.language])).toEqual([['POP01', 'en']]);
    expect(both.total_matched).toBe(1);
    // Provenance names both lists read.
    const text = (both.source as { query: { text: string } }).query.text;
    expect(text).toContain('lang=en');
    expect(text).toContain('lang=sv');
  });

  it('searches only the language asked for', async () => {
    const server = serverOn('v2');
    const english = ok(await server.callTool('search_tables', { query: 'folkmängd', language: 'en' }));
    expect(english).toMatchObject({ tables: [], languages_searched: ['en'], total_matched: 0 });
    const swedish = ok(await server.callTool('search_tables', { query: 'folkmängd', language: 'sv' }));
    expect(swedish).toMatchObject({
      tables: [{ id: 'TAB5974', language: 'sv' }],
      languages_searched: ['sv'],
    });
  });

  it('searches the configured language alone when the portal does not say which it serves', async () => {
    const server = serverOn('v2');
    // The first request of the search is the portal's configuration: it fails.
    fixture.setFault('unavailable', 1);
    const answer = ok(await server.callTool('search_tables', { query: 'folkmängd population' }));
    expect(answer.languages_searched).toEqual(['en']);
    expect((answer.tables as Hit[]).map((t) => t.id)).toEqual(['POP01']);
    // v1 has no list of languages at all.
    const v1 = ok(await serverOn('v1').callTool('search_tables', { query: 'population' }));
    expect(v1.languages_searched).toEqual(['en']);
  });

  it('finds the same through search_all', async () => {
    const answer = ok(await serverOn('v2').callTool('search_all', { query: 'folkmängd' }));
    expect(answer.hits).toEqual([
      expect.objectContaining({
        adapter_id: 'pxweb',
        id: 'TAB5974',
        title: expect.stringMatching(/^Folkmängd/),
      }),
    ]);
    // The backend's languages are those the portal said it serves, not only the configured one.
    expect(answer.backends).toEqual([
      expect.objectContaining({ adapter_id: 'pxweb', languages: ['en', 'sv'] }),
    ]);
    const v1 = ok(await serverOn('v1').callTool('search_all', { query: 'population' }));
    expect(v1.backends).toEqual([expect.objectContaining({ adapter_id: 'pxweb', languages: ['en'] })]);
  });
});

describe('a table found in another language', () => {
  it('is described and queried in a language the portal has it in, which the answer names', async () => {
    const server = serverOn('v2');
    const structure = ok(await server.callTool('get_table_structure', { table_id: 'TAB5974' }));
    expect(structure).toMatchObject({ table_id: 'TAB5974', language: 'sv' });
    expect(structure.title).toMatch(/^Folkmängd/);
    const values = ok(
      await server.callTool('query_table', {
        table_id: 'TAB5974',
        filters: { InrikesUtrikes: '83', Alder: '0', Kon: ['1', '2'], ContentsCode: '000005NO', Tid: '2026' },
      }),
    );
    expect(values).toMatchObject({ table_id: 'TAB5974', language: 'sv', total_matched: 2 });
    // A table of the configured language is read in it.
    const synthetic = ok(await server.callTool('get_table_structure', { table_id: 'POP01' }));
    expect(synthetic.language).toBe('en');
  });

  it('is not found in the language asked for, nor when no language has it', async () => {
    const server = serverOn('v2');
    const asked = await server.callTool('get_table_structure', { table_id: 'TAB5974', language: 'en' });
    expect(asked).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const none = await server.callTool('query_table', { table_id: 'TAB0000' });
    expect(none).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('the portal configuration', () => {
  it('gives every answer the licence it states', async () => {
    const server = serverOn('v2');
    for (const [tool, args] of [
      ['get_table_structure', { table_id: 'POP01' }],
      ['browse_tables', {}],
      ['search_tables', { query: 'population' }],
    ] as const) {
      const answer = ok(await server.callTool(tool, args));
      expect((answer.source as { license: unknown }).license, tool).toEqual({
        id: null,
        title: null,
        url: 'https://creativecommons.org/share-your-work/public-domain/cc0/',
        source_property: 'config.license',
      });
    }
  });
});
