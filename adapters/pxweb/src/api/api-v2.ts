import type { ToolContext } from '@opendata-mcp/core';
import { z } from 'zod';
import { decodeJsonStat } from '../json-stat/decode-json-stat.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { fetchedFrom, parseAnswer } from './parse-answer.js';
import type { FolderEntry, PxwebApi, TableHit } from './pxweb-api.js';
import { sendPxweb } from './send-pxweb.js';

const Folder = z.looseObject({
  folderContents: z.array(
    z.looseObject({ type: z.string(), id: z.string(), label: z.string(), updated: z.string().nullish() }),
  ),
});
const Tables = z.looseObject({
  tables: z.array(
    z.looseObject({
      id: z.string(),
      label: z.string(),
      updated: z.string().nullish(),
      firstPeriod: z.string().nullish(),
      lastPeriod: z.string().nullish(),
      paths: z.array(z.array(z.looseObject({ id: z.string(), label: z.string() }))).nullish(),
    }),
  ),
  page: z.looseObject({ totalElements: z.number().int().nonnegative() }).nullish(),
});
const Config = z.looseObject({
  languages: z.array(z.looseObject({ id: z.string() })),
  license: z.string().nullish(),
});

// The whole table list is read in pages of this size, this many at most (SCB has about 5,000 tables).
const LIST_PAGE_SIZE = 1000;
const LIST_PAGES = 20;

/**
 * PxWeb API v2 (2025): `/navigation` for folders, `/tables?query=` for search,
 * `/tables/{id}/metadata` and `/tables/{id}/data` answering JSON-stat 2.0; everything is a GET
 * with `lang` in the query string.
 */
export function createApiV2(rt: PxwebRuntime): PxwebApi {
  const url = (path: string, params: Record<string, string>) => {
    const target = new URL(`${rt.baseUrl}/${path}`);
    target.searchParams.set('lang', rt.language);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    return target.toString();
  };
  const get = async (ctx: ToolContext, target: string, ttlMs: number) => {
    const response = await sendPxweb(ctx, { url: target, ttlMs });
    return { body: response.json(), fetched: fetchedFrom(target, response) };
  };
  const tables = async (ctx: ToolContext, params: Record<string, string>, ttlMs = 0) => {
    const { body, fetched } = await get(ctx, url('tables', params), ttlMs);
    return { answer: parseAnswer(Tables, body, 'table list', 'v2'), fetched };
  };
  const toHit = (t: z.infer<typeof Tables>['tables'][number]): TableHit => ({
    id: t.id,
    label: t.label,
    updated: t.updated ?? null,
    first_period: t.firstPeriod ?? null,
    last_period: t.lastPeriod ?? null,
    path: (t.paths?.[0] ?? []).map((p) => p.label.trim()),
  });

  return {
    async browse(ctx, folderId) {
      const path = folderId ? `navigation/${encodeURIComponent(folderId)}` : 'navigation';
      const { body, fetched } = await get(ctx, url(path, {}), rt.ttlMs);
      const entries = parseAnswer(Folder, body, 'folder listing', 'v2')
        .folderContents.filter((c) => c.type === 'FolderInformation' || c.type === 'Table')
        .map(
          (c): FolderEntry => ({
            kind: c.type === 'Table' ? 'table' : 'folder',
            id: c.id,
            label: c.label,
            updated: c.updated ?? null,
          }),
        );
      return { ...fetched, entries };
    },

    async search(ctx, query, limit) {
      const { answer, fetched } = await tables(ctx, { query, pageSize: String(limit), pageNumber: '1' });
      return { ...fetched, tables: answer.tables.map(toHit), total: answer.page?.totalElements ?? null };
    },

    async listAll(ctx) {
      const page = (n: number) =>
        tables(ctx, { pageSize: String(LIST_PAGE_SIZE), pageNumber: String(n) }, rt.ttlMs);
      const first = await page(1);
      const listed = first.answer.tables.map(toHit);
      const total = first.answer.page?.totalElements ?? listed.length;
      for (let n = 2; listed.length < total && n <= LIST_PAGES; n++) {
        const next = await page(n);
        if (next.answer.tables.length === 0) break;
        listed.push(...next.answer.tables.map(toHit));
      }
      return { ...first.fetched, tables: listed, complete: listed.length >= total };
    },

    async structure(ctx, tableId) {
      const target = url(`tables/${encodeURIComponent(tableId)}/metadata`, { outputFormat: 'json-stat2' });
      const { body, fetched } = await get(ctx, target, rt.ttlMs);
      const decoded = decodeJsonStat(body, false);
      return {
        ...fetched,
        tableId,
        title: decoded.label ?? tableId,
        updated: decoded.updated,
        source: decoded.source,
        variables: decoded.dimensions.map((d) => ({
          code: d.id,
          label: d.label,
          role: d.role,
          elimination: d.elimination,
          values: d.categories,
        })),
      };
    },

    async data(ctx, tableId, selection) {
      const params: Record<string, string> = { outputFormat: 'json-stat2' };
      for (const item of selection) {
        params[`valueCodes[${item.code}]`] = item.values === 'all' ? '*' : item.values.join(',');
      }
      const target = url(`tables/${encodeURIComponent(tableId)}/data`, params);
      const response = await sendPxweb(ctx, { url: target });
      return { ...fetchedFrom(target, response), dataset: decodeJsonStat(response.json()) };
    },

    async configuration(ctx) {
      // The same in every language: asked without one, and kept as long as other metadata.
      const target = `${rt.baseUrl}/config`;
      const { body } = await get(ctx, target, rt.ttlMs);
      const config = parseAnswer(Config, body, 'configuration', 'v2');
      return { languages: config.languages.map((l) => l.id), license: config.license ?? null };
    },

    async probe(ctx) {
      const { answer } = await tables(ctx, { pageSize: '1', pageNumber: '1' });
      return { label: 'tables', value: answer.page?.totalElements ?? answer.tables.length };
    },
  };
}
