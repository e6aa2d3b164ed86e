import { OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import type { PxwebApi, TableHit } from '../api/pxweb-api.js';
import type { PxwebApiFor } from '../api/pxweb-api-for.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import {
  languagesToSearch,
  mergeRankings,
  type RankedTable,
  searchInLanguages,
} from './search-in-languages.js';

const rt: PxwebRuntime = {
  id: 'pxweb',
  baseUrl: 'http://portal.test/api/v2',
  apiVersion: 'v2',
  title: 'portal',
  language: 'en',
  database: null,
  maxCells: 1000,
  ttlMs: 0,
  portalLanguages: null,
};

const table = (id: string, label: string): TableHit => ({
  id,
  label,
  updated: null,
  first_period: null,
  last_period: null,
  path: [],
});

/**
 * A portal answering by language from these lists (a language missing from them fails upstream),
 * naming `offered` (or failing, for an error) as its languages.
 */
function portal(lists: Record<string, TableHit[]>, offered: string[] | Error | null): PxwebApiFor {
  return (language = rt.language) =>
    ({
      async configuration() {
        if (offered instanceof Error) throw offered;
        return offered && { languages: offered, license: null };
      },
      async listAll() {
        const tables = lists[language];
        if (!tables) throw new OpenDataError('upstream_error', `no list in ${language}`);
        const url = `${rt.baseUrl}/tables?lang=${language}`;
        return {
          url,
          query: { language: 'url', text: url },
          fetchedAt: new Date(0),
          fromCache: false,
          tables,
          complete: true,
        };
      },
    }) as unknown as PxwebApi;
}

const ctx = { signal: new AbortController().signal } as unknown as ToolContext;

describe('languagesToSearch', () => {
  it('is the language asked for alone, else the configured one and the others the portal lists', async () => {
    const api = portal({}, ['sv', 'en', 'fi', 'de']);
    expect(await languagesToSearch(ctx, rt, api, 'sv')).toEqual(['sv']);
    // Three at most: each costs the portal a list.
    expect(await languagesToSearch(ctx, rt, api, undefined)).toEqual(['en', 'sv', 'fi']);
  });

  it('is the configured language when the portal fails to say, or cannot', async () => {
    const failing = portal({}, new OpenDataError('upstream_error', 'config failed'));
    expect(await languagesToSearch(ctx, rt, failing, undefined)).toEqual(['en']);
    expect(await languagesToSearch(ctx, rt, portal({}, null), undefined)).toEqual(['en']);
    // A fault that is not the portal's is not hidden.
    await expect(languagesToSearch(ctx, rt, portal({}, new TypeError('bug')), undefined)).rejects.toThrow(
      'bug',
    );
  });
});

describe('searchInLanguages', () => {
  it('leaves out a further language the portal fails to list, and says so', async () => {
    const api = portal({ en: [table('T1', 'Population by region')] }, ['en', 'sv']);
    const found = await searchInLanguages(ctx, rt, api, ['en', 'sv'], 'population');
    expect(found.languages).toEqual(['en']);
    expect(found.ranked.map((t) => t.id)).toEqual(['T1']);
  });

  it('fails when the first language fails', async () => {
    const api = portal({ sv: [table('T1', 'Folkmängd')] }, ['en', 'sv']);
    await expect(searchInLanguages(ctx, rt, api, ['en', 'sv'], 'folkmängd')).rejects.toThrow('no list in en');
  });

  it('ranks across languages, each table once where it matched best', async () => {
    const api = portal(
      {
        en: [table('T1', 'Population by region'), table('T2', 'Energy use')],
        sv: [table('T1', 'Folkmängd efter region'), table('T2', 'Energianvändning')],
      },
      ['en', 'sv'],
    );
    const found = await searchInLanguages(ctx, rt, api, ['en', 'sv'], 'folkmängd region');
    expect(found.languages).toEqual(['en', 'sv']);
    expect(found.ranked.map((t) => [t.id, t.language, t.coverage])).toEqual([['T1', 'sv', 1]]);
  });
});

describe('mergeRankings', () => {
  const hit = (id: string, language: string, coverage: number, score: number): RankedTable => ({
    ...table(id, id),
    language,
    matched_words: [],
    coverage,
    score,
  });

  it('takes the best head each time, keeps each ranking’s own order, and lists an id once', () => {
    const en = [hit('A', 'en', 1, 1), hit('B', 'en', 0.5, 9), hit('F', 'en', 0.5, 5), hit('C', 'en', 0.5, 2)];
    const sv = [hit('D', 'sv', 1, 3), hit('F', 'sv', 1, 2), hit('A', 'sv', 0.5, 8), hit('E', 'sv', 0.5, 1)];
    // F covers more in Swedish; A as much in both scores higher in Swedish, but stays English.
    expect(mergeRankings([en, sv]).map((t) => `${t.id}:${t.language}`)).toEqual([
      'D:sv',
      'F:sv',
      'A:en',
      'B:en',
      'C:en',
      'E:sv',
    ]);
    const same = [hit('A', 'en', 1, 1)];
    expect(mergeRankings([same, [hit('A', 'sv', 1, 7)]]).map((t) => t.language)).toEqual(['en']);
    // Equal heads: the earlier language first.
    expect(mergeRankings([[hit('A', 'en', 1, 1)], [hit('B', 'sv', 1, 1)]]).map((t) => t.id)).toEqual([
      'A',
      'B',
    ]);
    expect(mergeRankings([[], []])).toEqual([]);
  });
});
