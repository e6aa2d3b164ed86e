import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startLoopbackServer } from '@opendata-mcp/core/testing';
import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createCkanAdapter } from './index.js';

/** A synthetic record written for these tests: a title and description in four languages, as opendata.swiss keeps them. */
const MULTILINGUAL = {
  id: 'synthetic-multilingual-births',
  name: 'synthetic-multilingual-births',
  title: {
    de: 'Lebendgeburten nach Kanton',
    fr: 'Naissances vivantes par canton',
    it: 'Nati vivi per cantone',
    en: 'Live births by canton',
  },
  notes: {
    de: 'Jährliche Zahl der Geburten.',
    fr: 'Nombre annuel de naissances.',
    it: 'Numero annuo di nascite.',
    en: 'Yearly number of births.',
  },
  resources: [],
  organization: { name: 'synthetic-statistics', title: 'Synthetic statistics office' },
};

/** A new cache folder, removed when the calling test ends. */
function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ckan-search-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

// biome-ignore lint/suspicious/noExplicitAny: tool answers are read field by field.
type Answer = Record<string, any>;

describe('search_datasets over the CKAN fixture', () => {
  let fixture: CkanFixture;
  beforeAll(async () => {
    fixture = await startCkanFixture({ extraPackages: [MULTILINGUAL] });
  });
  afterAll(async () => fixture.close());

  /** A fresh server per call, so no answer comes from the metadata cache and requests can be counted. */
  async function search(args: Record<string, unknown>, options: Record<string, unknown> = {}) {
    const server = createOpenDataServer({
      adapters: [createCkanAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort], ...options })],
      logger: silentLogger,
      http: { cacheDir: cacheDir(), retry: { retries: 0 } },
    });
    await server.callTool('api_status', {});
    const before = fixture.requests.length;
    const envelope = (await server.callTool('search_datasets', args)) as Envelope & Answer;
    const sent = fixture.requests.slice(before).map((r) => r.path.split('/').pop());
    await server.close();
    const names: string[] = envelope.ok ? envelope.datasets.map((d: Answer) => d.name) : [];
    return { envelope, names, sent };
  }

  it('finds a dataset when the question has a word its metadata lacks', async () => {
    const { envelope, names } = await search({ query: 'Sunderland bus stops timetable' });
    expect(names[0]).toBe('sunderland-bus-stops');
    expect(envelope.datasets[0].matched_words).toEqual(['sunderland', 'bus', 'stops']);
    expect(envelope.portal_queries[0]).toBe('sunderland bus stops timetable');
  });

  it('lets the portal match most words in one request when that finds enough', async () => {
    const { envelope, names, sent } = await search({ query: 'projetos bolsistas timetable' });
    expect(sent).toEqual(['package_search']);
    expect(envelope.portal_queries).toEqual(['projetos bolsistas timetable']);
    expect(envelope.note).toBeNull();
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(envelope.datasets[0].matched_words).toEqual(['projetos', 'bolsistas']);
    for (const dataset of envelope.datasets) expect(dataset.matched_words).toContain('projetos');
  });

  it('meets singular and plural, upper case and punctuation', async () => {
    expect((await search({ query: 'BUS STOP' })).names[0]).toBe('sunderland-bus-stops');
    const colon = await search({ query: 'payments: newcastle!' });
    expect(colon.names[0]).toBe('newcastle-city-council-payments-over-500');
    expect(colon.envelope.portal_queries[0]).toBe('payments newcastle');
  });

  it('drops stop words before asking the portal', async () => {
    const { envelope, names } = await search({ query: 'the bus stops of Sunderland' });
    expect(envelope.portal_queries[0]).toBe('bus stops sunderland');
    expect(names[0]).toBe('sunderland-bus-stops');
  });

  it('sends one looser query when few datasets match, ranks its hits and says so', async () => {
    const { envelope, names, sent } = await search({ query: 'Ärzte Schwerpunkt' });
    expect(sent).toEqual(['package_search', 'package_search']);
    expect(envelope.portal_queries).toHaveLength(2);
    expect(envelope.portal_queries[1]).toMatch(/^text:\(.*schwerpunkt\*/);
    expect(names[0]).toBe('aerzte-schwerpunktbezeichnung');
    expect(envelope.datasets[0].matched_words).toEqual(['ärzte', 'schwerpunkt']);
    expect(envelope.note).toMatch(/looser query/);
  });

  it('keeps the portal count and a single request when enough datasets match', async () => {
    const { envelope, sent } = await search({ query: 'bolsa', limit: 3 });
    expect(sent).toEqual(['package_search']);
    expect(envelope.total_matched).toBeGreaterThanOrEqual(3);
    expect(envelope.truncated).toBe(true);
  });

  it('pages a loosened answer from one ranked list', async () => {
    const all = await search({ query: 'Sunderland elephants transport', limit: 4 });
    expect(all.sent).toEqual(['package_search', 'package_search']);
    expect(all.envelope.note).toMatch(
      /more dataset\(s\) it found follow, each with matched_words for how much of the question it covers/,
    );
    const second = await search({ query: 'Sunderland elephants transport', limit: 2, offset: 2 });
    expect(second.names).toEqual(all.names.slice(2, 4));
  });

  it('reads a multilingual portal in its languages and reports the words matched', async () => {
    const options = { quirks: { languages: ['de', 'fr', 'it', 'en'] } };
    const french = await search({ query: 'naissances par canton' }, options);
    expect(french.names[0]).toBe('synthetic-multilingual-births');
    expect(french.envelope.datasets[0].title).toBe('Lebendgeburten nach Kanton');
    expect(french.envelope.datasets[0].matched_words).toEqual(['naissances', 'canton']);
    const german = await search({ query: 'Geburten Kanton' }, options);
    expect(german.names[0]).toBe('synthetic-multilingual-births');
  });

  it('lists everything for "*", newest first, in one request', async () => {
    const { envelope, sent } = await search({ query: '*', limit: 50 });
    expect(sent).toEqual(['package_search']);
    expect(envelope.portal_queries).toEqual(['*:*']);
    expect(envelope.total_matched).toBeGreaterThan(30);
    const dates = envelope.datasets.map((d: Answer) => d.modified).filter(Boolean);
    expect(dates).toEqual([...dates].sort().reverse());
    const one = await search({ query: '*', publisher_id: 'menr' });
    expect(one.names).toEqual(['pzf-kyiv-city']);
  });

  it('answers no hit with what to try and the publishers, from one more request', async () => {
    const { envelope, sent } = await search({ query: 'zqxj wvvk' });
    expect(envelope.ok).toBe(true);
    expect(envelope.datasets).toEqual([]);
    expect(sent).toEqual(['package_search', 'package_search', 'organization_list']);
    expect(envelope.hint).toMatch(/fewer or other words/);
    expect(envelope.hint).toMatch(/"\*"/);
    expect(envelope.hint).toMatch(/English/);
    expect(envelope.publishers.map((p: Answer) => p.name)).toContain('sunderland-city-council');
  });

  it('suggests dropping the filters when a filtered search finds nothing', async () => {
    const { envelope } = await search({ query: 'bus stops', publisher_id: 'menr' });
    expect(envelope.datasets).toEqual([]);
    expect(envelope.hint).toMatch(/Drop publisher_id or format/);
  });

  it('refuses a query without words', async () => {
    const { envelope, sent } = await search({ query: '?! ...' });
    expect(envelope.ok).toBe(false);
    expect(envelope.ok ? null : envelope.error.code).toBe('invalid_input');
    expect(envelope.ok ? null : envelope.error.hint).toMatch(/"\*"/);
    expect(sent).toEqual([]);
  });

  it('reports a failed looser query as a failure, not as an empty answer', async () => {
    const proxy = await startLoopbackServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      if (url.searchParams.get('q')?.startsWith('text:(')) {
        res.writeHead(503, { 'content-type': 'text/html' }).end('<html>down</html>');
        return;
      }
      const upstream = await fetch(`${fixture.url}${req.url}`);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    const server = createOpenDataServer({
      adapters: [createCkanAdapter({ url: proxy.origin, trusted_hosts: [proxy.hostPort] })],
      logger: silentLogger,
      http: { cacheDir: cacheDir(), retry: { retries: 0 } },
    });
    const envelope = await server.callTool('search_datasets', { query: 'Ärzte Schwerpunkt' });
    expect(envelope.ok ? null : envelope.error.code).toBe('upstream_unavailable');
    await server.close();
    await proxy.close();
  });
});
