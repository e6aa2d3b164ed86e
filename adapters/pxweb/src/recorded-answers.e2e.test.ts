import { readFileSync } from 'node:fs';
import { type Cell, type Envelope, fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { type PxwebFixture, startPxwebFixture } from './fixture/start-pxweb-fixture.js';

// Expectations are read straight from the recorded files, not through the fixture or the adapter.
const recording = <T>(path: string): T =>
  JSON.parse(readFileSync(new URL(`../data/recorded/rOpenGov-pxweb/${path}`, import.meta.url), 'utf8')) as T;

interface JsonStat {
  label: string;
  updated: string;
  id: string[];
  size: number[];
  dimension: Record<
    string,
    {
      label: string;
      category: { index: Record<string, number>; label: Record<string, string> };
      extension?: { elimination?: boolean };
    }
  >;
  value: number[];
}
const v2Metadata = recording<JsonStat>('statistikdatabasen.scb.se/api/v2/tables/TAB5974/metadata.json');
const v2Data = recording<JsonStat>(
  'statistikdatabasen.scb.se/api/v2/tables/TAB5974/data-35e0e2-fb7f17-POST.json',
);
const v1Folder = recording<Array<{ id: string; type: string; text: string; updated: string }>>(
  'api.scb.se/OV0104/v1/doris/sv/ssd/START/ME/ME0104/ME0104C.json',
);
const v1Table = recording<{
  title: string;
  variables: Array<{
    code: string;
    values: string[];
    valueTexts: string[];
    elimination?: boolean;
    time?: boolean;
  }>;
}>('api.scb.se/OV0104/v1/doris/sv/ssd/START/ME/ME0104/ME0104C/ME0104T24.json');

// JSON-stat orders values row-major, the last dimension fastest.
function recordedValue(codes: Record<string, string>): number | undefined {
  let index = 0;
  v2Data.id.forEach((dimension, i) => {
    const position = v2Data.dimension[dimension]?.category.index[codes[dimension] ?? ''];
    if (position === undefined) throw new Error(`${dimension}=${codes[dimension]} not recorded`);
    index = index * (v2Data.size[i] ?? 1) + position;
  });
  return v2Data.value[index];
}

type Ok = Extract<Envelope, { ok: true }>;
const ok = (envelope: Envelope): Ok => {
  if (!envelope.ok) throw new Error(JSON.stringify(envelope.error));
  return envelope;
};
const errorCode = (envelope: Envelope) => (envelope.ok ? 'ok' : envelope.error.code);

const RECORDED_SELECTION = { InrikesUtrikes: '83', Alder: '0', Kon: ['1', '2'], Tid: '2026' };
let fixture: PxwebFixture;
let v2: OpenDataServer;
let v1: OpenDataServer;

beforeAll(async () => {
  fixture = await startPxwebFixture();
  const server = (url: string) =>
    createOpenDataServer({
      adapters: [createPxwebAdapter({ url, trusted_hosts: [fixture.hostPort], language: 'sv' })],
      logger: silentLogger,
      http: { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
    });
  v2 = server(fixture.url);
  v1 = server(fixture.v1Url);
});
afterAll(async () => {
  await Promise.all([v2.close(), v1.close()]);
  await fixture.close();
});

describe('recorded Statistics Sweden answers, API v2 (TAB5974)', () => {
  it('finds the table by a word of its recorded title', async () => {
    const word = v2Metadata.label.split(' ')[0]?.toLowerCase() ?? '';
    const answer = ok(await v2.callTool('search_tables', { query: word }));
    const hit = (answer.tables as Array<Record<string, unknown>>).find((t) => t.id === 'TAB5974');
    const years = Object.keys(v2Metadata.dimension.Tid?.category.index ?? {});
    expect(hit).toMatchObject({ label: v2Metadata.label, first_period: years[0], last_period: years.at(-1) });
  });

  it('joins search_all with the portal search, and the hit opens as it says', async () => {
    const word = v2Metadata.label.split(' ')[0]?.toLowerCase() ?? '';
    const answer = ok(await v2.callTool('search_all', { query: word }));
    expect(answer.all_answered).toBe(true);
    const hit = (
      answer.hits as Array<{ id: string; open: { tool: string; arguments: Record<string, unknown> } }>
    ).find((h) => h.id === 'TAB5974');
    expect(hit?.open).toEqual({ tool: 'get_table_structure', arguments: { table_id: 'TAB5974' } });
    const opened = ok(await v2.callTool(hit?.open.tool ?? '', hit?.open.arguments ?? {}));
    expect(opened.title).toBe(v2Metadata.label);
  });

  it('describes every recorded variable with its value count and whether it may be omitted', async () => {
    const answer = ok(await v2.callTool('get_table_structure', { table_id: 'TAB5974', max_values: 3 }));
    expect(answer).toMatchObject({ title: v2Metadata.label, updated: v2Metadata.updated });
    const variables = answer.variables as Array<Record<string, unknown>>;
    expect(variables.map((v) => v.code)).toEqual(v2Metadata.id);
    v2Metadata.id.forEach((code, i) => {
      const dimension = v2Metadata.dimension[code];
      expect(variables[i]).toMatchObject({
        label: dimension?.label,
        value_count: v2Metadata.size[i],
        can_be_omitted: dimension?.extension?.elimination ?? false,
      });
    });
  });

  it('reads the recorded values, codes in rows and labels once', async () => {
    const answer = ok(await v2.callTool('query_table', { table_id: 'TAB5974', filters: RECORDED_SELECTION }));
    const rows = fromColumnarTable(
      answer as unknown as { columns: string[]; rows: Cell[][]; fixed: Record<string, Cell> },
    );
    expect(rows).toHaveLength(v2Data.value.length);
    for (const row of rows) {
      const codes = Object.fromEntries(v2Data.id.map((d) => [d, String(row[d])]));
      expect(row.value, JSON.stringify(codes)).toBe(recordedValue(codes));
    }
    expect((answer.labels as Record<string, Record<string, string>>).Kon).toEqual(
      v2Data.dimension.Kon?.category.label,
    );
    expect(answer.source).toMatchObject({ publisher: 'SCB', source_modified_at: v2Data.updated });
    // The table's title, which says the years are a projection; the data answer's own label does not.
    expect(answer.title).toBe(v2Metadata.label);
    expect(answer.title).toMatch(/År 2026-2120$/);
    expect(answer.citation).toContain(v2Metadata.label);
  });

  it('never invents figures: a selection that was not recorded is said to be missing offline', async () => {
    const other = { ...RECORDED_SELECTION, Tid: '2027' };
    const answer = await v2.callTool('query_table', { table_id: 'TAB5974', filters: other });
    expect(errorCode(answer)).toBe('not_recorded_offline');
    // The hint names the selection that is recorded, so the next call can ask for it.
    expect(answer.ok ? null : answer.error.hint).toContain(`Tid=${RECORDED_SELECTION.Tid}`);
  });

  it('is recorded in Swedish only: another language is a table the portal does not have', async () => {
    const answer = await v2.callTool('get_table_structure', { table_id: 'TAB5974', language: 'en' });
    expect(errorCode(answer)).toBe('not_found');
  });
});

describe('recorded Statistics Sweden answers, API v1 (election folder ME0104C)', () => {
  const folder = 'ssd/START/ME/ME0104/ME0104C';

  it('lists the recorded folder', async () => {
    const answer = ok(await v1.callTool('browse_tables', { folder_id: folder }));
    expect(answer.entries).toEqual(
      v1Folder.map((n) => ({ kind: 'table', id: `${folder}/${n.id}`, label: n.text, updated: n.updated })),
    );
  });

  it('describes the recorded table with labels, roles and elimination', async () => {
    const answer = ok(await v1.callTool('get_table_structure', { table_id: `${folder}/ME0104T24` }));
    expect(answer.title).toBe(v1Table.title);
    const variables = answer.variables as Array<Record<string, unknown>>;
    v1Table.variables.forEach((v, i) => {
      expect(variables[i]).toMatchObject({
        code: v.code,
        value_count: v.values.length,
        can_be_omitted: v.elimination ?? false,
        role: v.time ? 'time' : v.code === 'ContentsCode' ? 'metric' : null,
      });
      const values = (variables[i]?.values ?? []) as Array<{ code: string; label: string }>;
      expect(values[0]).toEqual({
        code: v.values[0],
        label: v.valueTexts[0],
      });
    });
  });

  it('has no recorded JSON-stat data for it, and says so rather than inventing figures', async () => {
    const answer = await v1.callTool('query_table', {
      table_id: `${folder}/ME0104T24`,
      filters: { Parti: 'M', Kon: '1', ContentsCode: 'ME0104AV', Tid: '2002' },
    });
    expect(errorCode(answer)).toBe('not_recorded_offline');
  });
});
