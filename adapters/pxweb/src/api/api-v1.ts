import { OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { z } from 'zod';
import { decodeJsonStat } from '../json-stat/decode-json-stat.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { fetchedFrom, parseAnswer } from './parse-answer.js';
import type { FolderEntry, PxwebApi, TableStructure } from './pxweb-api.js';
import { encodePath } from './pxweb-ids.js';
import { sendPxweb } from './send-pxweb.js';

const Databases = z.array(z.looseObject({ dbid: z.string(), text: z.string() }));
const Nodes = z.array(
  z.looseObject({ id: z.string(), type: z.string(), text: z.string(), updated: z.string().nullish() }),
);
const Hits = z.array(
  z.looseObject({ id: z.string(), path: z.string(), title: z.string(), published: z.string().nullish() }),
);
const Metadata = z.looseObject({
  title: z.string(),
  variables: z.array(
    z.looseObject({
      code: z.string(),
      text: z.string(),
      values: z.array(z.string()),
      valueTexts: z.array(z.string()),
      elimination: z.boolean().optional(),
      time: z.boolean().optional(),
    }),
  ),
});

/**
 * PxWeb API v1: `<base>/<lang>/` lists databases, `<base>/<lang>/<db>/<path>` lists a folder or
 * describes a table, and a POST of a JSON query to the table URL answers JSON-stat 2.0. Ids are
 * paths from the language root, database first.
 */
export function createApiV1(rt: PxwebRuntime): PxwebApi {
  const root = `${rt.baseUrl}/${encodeURIComponent(rt.language)}`;
  const get = async (ctx: ToolContext, url: string, ttlMs = rt.ttlMs) => {
    const response = await sendPxweb(ctx, { url, ttlMs });
    return { body: response.json(), fetched: fetchedFrom(url, response) };
  };
  const databases = async (ctx: ToolContext, ttlMs = rt.ttlMs) => {
    const { body, fetched } = await get(ctx, `${root}/`, ttlMs);
    return { list: parseAnswer(Databases, body, 'database list', 'v1'), fetched };
  };

  return {
    async browse(ctx, folderId) {
      if (!folderId) {
        const { list, fetched } = await databases(ctx);
        const entries = list.map(
          (d): FolderEntry => ({ kind: 'folder', id: d.dbid, label: d.text, updated: null }),
        );
        return { ...fetched, entries };
      }
      const { body, fetched } = await get(ctx, `${root}/${encodePath(folderId)}`);
      if (!Array.isArray(body)) {
        throw new OpenDataError('invalid_input', `"${folderId}" is a table, not a folder.`, {
          hint: 'Describe it with get_table_structure, or browse the folder above it.',
        });
      }
      const entries = parseAnswer(Nodes, body, 'folder listing', 'v1').map(
        (n): FolderEntry => ({
          kind: n.type === 't' ? 'table' : 'folder',
          id: `${folderId}/${n.id}`,
          label: n.text,
          updated: n.updated ?? null,
        }),
      );
      return { ...fetched, entries };
    },

    async search(ctx, query, limit) {
      const database = rt.database ?? (await databases(ctx)).list[0]?.dbid;
      if (!database) throw new OpenDataError('no_data', 'The portal lists no database to search.');
      const url = `${root}/${encodeURIComponent(database)}?query=${encodeURIComponent(query)}&filter=*`;
      const { body, fetched } = await get(ctx, url, 0);
      const hits = parseAnswer(Hits, body, 'search answer', 'v1');
      const tables = hits.slice(0, limit).map((h) => ({
        id: `${database}${h.path.replace(/\/+$/, '')}/${h.id}`.replace(/\/{2,}/g, '/'),
        label: h.title,
        updated: h.published ?? null,
        first_period: null,
        last_period: null,
        path: h.path.split('/').filter(Boolean),
      }));
      return { ...fetched, tables, total: hits.length };
    },

    listAll: async () => null,

    async structure(ctx, tableId): Promise<TableStructure> {
      const { body, fetched } = await get(ctx, `${root}/${encodePath(tableId)}`);
      if (Array.isArray(body)) {
        throw new OpenDataError('invalid_input', `"${tableId}" is a folder, not a table.`, {
          hint: 'List its tables with browse_tables.',
        });
      }
      const metadata = parseAnswer(Metadata, body, 'table description', 'v1');
      return {
        ...fetched,
        tableId,
        title: metadata.title,
        updated: null,
        source: null,
        variables: metadata.variables.map((v) => ({
          code: v.code,
          label: v.text,
          // v1 marks only time; "ContentsCode" is PxWeb's fixed code for what a table measures.
          role: v.time ? 'time' : v.code === 'ContentsCode' ? 'metric' : null,
          elimination: v.elimination ?? false,
          values: v.values.map((code, i) => ({ code, label: v.valueTexts[i] ?? null })),
        })),
      };
    },

    async data(ctx, tableId, selection) {
      const url = `${root}/${encodePath(tableId)}`;
      const body = {
        query: selection.map((s) => ({
          code: s.code,
          selection:
            s.values === 'all' ? { filter: 'all', values: ['*'] } : { filter: 'item', values: s.values },
        })),
        response: { format: 'json-stat2' },
      };
      const response = await sendPxweb(ctx, { url, body });
      return {
        ...fetchedFrom(url, response),
        // A POST is recorded with its body: the URL alone does not say what was asked.
        query: { language: 'api', text: `POST ${url}\n${JSON.stringify(body)}` },
        dataset: decodeJsonStat(response.json()),
      };
    },

    async configuration() {
      return null;
    },

    async probe(ctx) {
      // Asked afresh: a cached listing would say nothing about the portal now.
      const { list } = await databases(ctx, 0);
      return { label: 'databases', value: list.length };
    },
  };
}
