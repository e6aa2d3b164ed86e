import type { Envelope } from '@opendata-mcp/core';
import type { OpenDataServer } from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRuntime } from './build-runtime.js';
import { defaultRegistry } from './default-registry.js';
import { type FixtureRuntime, startFixtureRuntime } from './fixture-runtime.test-support.js';

interface Hit {
  adapter_id: string;
  kind: string;
  id: string;
  title: string | null;
  open: { tool: string; arguments: Record<string, unknown> };
}

describe('search_all: one search across every backend', () => {
  let fixture: FixtureRuntime;
  let server: OpenDataServer;

  beforeAll(async () => {
    fixture = await startFixtureRuntime();
    server = fixture.runtime.server;
  });
  afterAll(() => fixture?.close());

  async function search(query: string): Promise<Hit[]> {
    const envelope = await server.callTool('search_all', { query });
    if (!envelope.ok) throw new Error(envelope.error.message);
    expect(envelope.all_answered).toBe(true);
    return envelope.hits as Hit[];
  }

  async function opens(hit: Hit): Promise<Envelope> {
    return server.callTool(hit.open.tool, hit.open.arguments);
  }

  it('finds the forest-fire cube, and its open call answers', async () => {
    const [first] = await search('waldbrand');
    expect(first).toMatchObject({ adapter_id: 'lindas', kind: 'cube', title: 'Waldbrandgefahr' });
    expect((await opens(first as Hit)).ok).toBe(true);
  });

  it('finds the forest-fire cube from questions in other forms and languages, naming the words matched', async () => {
    const asked: Array<[string, string[]]> = [
      ['Waldbrände', ['waldbrände']],
      ['Brände im Wald', ['brände', 'wald']],
      ['wildfires', ['wildfires']],
      // The hit shows its German name: the Italian words for fire and forest match it through the lexicon.
      ['pericolo incendi boschivi', ['incendi', 'boschivi']],
      ['Wald-brand Gefahr', ['wald', 'brand', 'gefahr']],
    ];
    for (const [query, words] of asked) {
      const envelope = await server.callTool('search_all', { query });
      if (!envelope.ok) throw new Error(envelope.error.message);
      const [first] = envelope.hits as Array<Hit & { matched_words: string[] }>;
      expect(first, query).toMatchObject({
        adapter_id: 'lindas',
        title: 'Waldbrandgefahr',
        matched_words: words,
      });
    }
  });

  it('answers a question that matches nothing with no hits and the languages to ask in', async () => {
    const envelope = await server.callTool('search_all', { query: 'qwxz blorft' });
    if (!envelope.ok) throw new Error(envelope.error.message);
    expect(envelope).toMatchObject({ returned: 0, hits: [] });
    expect(envelope.hint).toMatch(/lindas: de, fr, it, en/);
  });

  it('finds the Kyiv protected-areas dataset', async () => {
    const [first] = await search('природно-заповідного фонду Києва');
    expect(first).toMatchObject({ adapter_id: 'ckan', kind: 'dataset', id: 'pzf-kyiv-city' });
    expect((await opens(first as Hit)).ok).toBe(true);
  });

  it('finds the UNICEF child mortality flow', async () => {
    const hits = await search('mortality');
    // Indicators named "… mortality …" rank beside it; the flow is on the first page of hits.
    const flow = hits.slice(0, 10).find((hit) => hit.kind === 'dataflow');
    expect(flow).toMatchObject({ adapter_id: 'sdmx', id: 'CME' });
    expect((await opens(flow as Hit)).ok).toBe(true);
  });

  it('finds the indicator a question names even when shorter titles beside a matching flow hold its words', async () => {
    // "Child Mortality" matches "child"; the registry's first indicators for the words are
    // thresholds and national targets, and the measure itself came fifth.
    const [first] = await search('child labour');
    expect(first).toMatchObject({ adapter_id: 'sdmx', kind: 'indicator' });
    expect(first?.id).toMatch(/^PT_CHLD_5-17_LBR_ECON/);
  });

  it('finds an indicator by its own name, which no dataflow title holds, and its open call answers', async () => {
    const hits = await search('under-five mortality');
    const indicator = hits.find((hit) => hit.kind === 'indicator');
    expect(indicator).toMatchObject({ adapter_id: 'sdmx', id: 'CME_MRY0T4' });
    expect((await opens(indicator as Hit)).ok).toBe(true);
  });

  it('names a backend that is down instead of hiding it, and still answers from the others', async () => {
    const { lindas, ckan, sdmx } = fixture.targets;
    // A port nothing listens on: the connection is refused.
    const down = buildRuntime(
      {
        adapters: [
          { type: 'lindas', ...lindas },
          { type: 'ckan', ...ckan },
          { type: 'sdmx', ...sdmx },
          {
            type: 'sdmx',
            id: 'offline_registry',
            tool_prefix: 'down',
            url: 'http://127.0.0.1:9/rest',
            trusted_hosts: ['127.0.0.1:9'],
          },
        ],
        log_level: 'silent',
      },
      defaultRegistry,
    );
    try {
      const envelope = await down.server.callTool('search_all', { query: 'mortality' });
      if (!envelope.ok) throw new Error(envelope.error.message);
      expect(envelope.all_answered).toBe(false);
      const backends = envelope.backends as Array<{
        adapter_id: string;
        status: string;
        error: { code: string } | null;
      }>;
      expect(backends.find((b) => b.adapter_id === 'offline_registry')).toMatchObject({
        status: 'failed',
        error: { code: 'upstream_unavailable' },
      });
      expect(backends.filter((b) => b.status === 'answered').map((b) => b.adapter_id)).toEqual([
        'lindas',
        'ckan',
        'sdmx',
      ]);
      expect((envelope.hits as Hit[])[0]).toMatchObject({ adapter_id: 'sdmx' });
    } finally {
      await down.close();
    }
  }, 60_000);

  it('prefixes the open call with the tool prefix of its instance', async () => {
    const { sdmx } = fixture.targets;
    const prefixed = buildRuntime(
      { adapters: [{ type: 'sdmx', tool_prefix: 'unicef', ...sdmx }], log_level: 'silent' },
      defaultRegistry,
    );
    try {
      const envelope = await prefixed.server.callTool('search_all', { query: 'mortality', limit: 1 });
      if (!envelope.ok) throw new Error(envelope.error.message);
      const [hit] = envelope.hits as Hit[];
      expect(hit?.open.tool).toBe('unicef_get_dataflow_structure');
      expect(envelope).toMatchObject({ returned: 1, truncated: true, next_offset: 1, total_matched: null });
      expect((await prefixed.server.callTool(hit?.open.tool ?? '', hit?.open.arguments)).ok).toBe(true);
    } finally {
      await prefixed.close();
    }
  });
});
