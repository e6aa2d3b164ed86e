import { readFileSync } from 'node:fs';
import { type Cell, type Envelope, fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { type PxwebFixture, startPxwebFixture } from './fixture/start-pxweb-fixture.js';

// The expected figures are read straight from the data file, not through the fixture or the adapter.
const data = JSON.parse(
  readFileSync(new URL('../data/pxweb-tables__synthetic.json', import.meta.url), 'utf8'),
) as {
  tables: Array<{
    id: string;
    variables: Array<{ code: string; values: string[][] }>;
    values: Array<number | null>;
  }>;
};
function published(tableId: string, codes: Record<string, string>): number | null {
  const table = data.tables.find((t) => t.id === tableId);
  if (!table) throw new Error(tableId);
  let index = 0;
  for (const v of table.variables)
    index = index * v.values.length + v.values.findIndex(([c]) => c === codes[v.code]);
  return table.values[index] ?? null;
}

type Columnar = { columns: string[]; rows: Cell[][]; fixed: Record<string, Cell> };
const rowsOf = (answer: Record<string, unknown>) => fromColumnarTable(answer as unknown as Columnar);
const labelsOf = (answer: Record<string, unknown>) => answer.labels as Record<string, Record<string, string>>;

type Ok = Extract<Envelope, { ok: true }>;
const ok = (envelope: Envelope): Ok => {
  if (!envelope.ok) throw new Error(JSON.stringify(envelope.error));
  return envelope;
};

let fixture: PxwebFixture;
const servers: Record<'v1' | 'v2', OpenDataServer> = {} as Record<'v1' | 'v2', OpenDataServer>;
const ids = { v1: { pop: 'synthdb/BE/POP01', ene: 'synthdb/EN/ENE01' }, v2: { pop: 'POP01', ene: 'ENE01' } };

beforeAll(async () => {
  fixture = await startPxwebFixture({ maxCells: 12 });
  for (const version of ['v1', 'v2'] as const) {
    servers[version] = createOpenDataServer({
      adapters: [
        createPxwebAdapter({
          url: version === 'v1' ? fixture.v1Url : fixture.url,
          trusted_hosts: [fixture.hostPort],
        }),
      ],
      logger: silentLogger,
      http: { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
    });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
  await fixture.close();
});

describe.each(['v1', 'v2'] as const)('PxWeb API %s', (version) => {
  const server = () => servers[version];

  it('returns every published value of a table, cell by cell, with labels', async () => {
    const answer = ok(
      await server().callTool('query_table', {
        table_id: ids[version].ene,
        filters: { Fuel: ['1', '2', '3'], Tid: ['2022', '2023'] },
      }),
    );
    const rows = rowsOf(answer);
    expect(rows).toHaveLength(6);
    for (const { value, status: _status, ...codes } of rows) {
      expect(value, JSON.stringify(codes)).toBe(published('ENE01', codes as Record<string, string>));
    }
    expect(rows[2]?.Fuel).toBe('2');
    expect(labelsOf(answer).Fuel?.['2']).toBe('electricity');
  });

  it('totals a variable left out, as the portal eliminates it', async () => {
    const answer = ok(
      await server().callTool('query_table', {
        table_id: ids[version].pop,
        filters: { Kon: ['1'], Tid: ['2021'] },
      }),
    );
    const sum = ['01', '02', '03']
      .map((r) => published('POP01', { Region: r, Kon: '1', ContentsCode: 'POP', Tid: '2021' }) as number)
      .reduce((a, b) => a + b, 0);
    expect(rowsOf(answer)).toEqual([
      { Kon: '1', ContentsCode: 'POP', Tid: '2021', value: sum, status: null },
    ]);
    expect(labelsOf(answer)).toEqual({
      Kon: { '1': 'men' },
      ContentsCode: { POP: 'Population, persons' },
      Tid: { '2021': '2021' },
    });
    // The answer says which variable its value is a total over.
    expect(answer.left_out).toEqual({ Region: 'region' });
    const whole = ok(
      await server().callTool('query_table', {
        table_id: ids[version].pop,
        filters: { Region: ['01'], Kon: ['1'], Tid: ['2021'] },
      }),
    );
    expect(whole.left_out).toEqual({});
  });

  it('keeps a missing cell as null with its status beside real values', async () => {
    const answer = ok(
      await server().callTool('query_table', {
        table_id: ids[version].pop,
        filters: { Region: ['02'], Kon: ['2'], Tid: ['2022', '2023'] },
      }),
    );
    expect(rowsOf(answer).map((o) => [o.value, o.status])).toEqual([
      [published('POP01', { Region: '02', Kon: '2', ContentsCode: 'POP', Tid: '2022' }), null],
      [null, '..'],
    ]);
  });

  it('cuts the answer at limit and says so', async () => {
    const answer = ok(await server().callTool('query_table', { table_id: ids[version].ene, limit: 4 }));
    expect(answer).toMatchObject({ returned: 4, truncated: true, total_matched: 6, cells_selected: 6 });
    expect(answer.next_offset).toBe(4);
    const rest = ok(
      await server().callTool('query_table', { table_id: ids[version].ene, limit: 4, offset: 4 }),
    );
    expect(rest).toMatchObject({ returned: 2, truncated: false, next_offset: null });
  });

  it('reads one code as a list of one, and refuses a comparison a selection cannot express', async () => {
    const args = { table_id: ids[version].ene, filters: { Fuel: '2', Tid: ['2022'] } };
    const single = ok(await server().callTool('query_table', args));
    const listed = ok(
      await server().callTool('query_table', { ...args, filters: { Fuel: ['2'], Tid: '2022' } }),
    );
    expect(rowsOf(single)).toEqual(rowsOf(listed));
    const [{ value, status: _status, ...codes } = {}] = rowsOf(single);
    expect(codes).toMatchObject({ Fuel: '2', Tid: '2022' });
    expect(value).toBe(published('ENE01', codes as Record<string, string>));
    const compared = await server().callTool('query_table', {
      table_id: ids[version].ene,
      filters: { Tid: { gte: '2022' } },
    });
    expect(compared.ok ? 'ok' : compared.error.code).toBe('invalid_input');
  });

  it('pages search hits and folder entries by offset until next_offset is null', async () => {
    const all = ok(await server().callTool('search_tables', { query: 'population energy', limit: 100 }));
    const total = all.total_matched as number;
    expect(total).toBeGreaterThan(1);
    const first = ok(await server().callTool('search_tables', { query: 'population energy', limit: 1 }));
    expect(first).toMatchObject({ returned: 1, truncated: true, next_offset: 1 });
    const last = ok(
      await server().callTool('search_tables', {
        query: 'population energy',
        limit: 1,
        offset: total - 1,
      }),
    );
    expect(last).toMatchObject({ returned: 1, truncated: false, next_offset: null });
    expect((last.tables as Array<{ id: string }>)[0]?.id).toBe(
      (all.tables as Array<{ id: string }>)[total - 1]?.id,
    );
    const top = ok(await server().callTool('browse_tables', {}));
    const count = top.total_matched as number;
    const paged = ok(await server().callTool('browse_tables', { limit: 1, offset: count - 1 }));
    expect(paged).toMatchObject({ returned: 1, truncated: false, next_offset: null });
    expect(paged.entries).toEqual((top.entries as unknown[]).slice(count - 1));
  });

  it('records the table, the portal date and exactly what was asked', async () => {
    const answer = ok(
      await server().callTool('query_table', {
        table_id: ids[version].pop,
        filters: { Region: ['03'], Tid: ['2023'] },
      }),
    );
    expect(answer.source).toMatchObject({
      backend: 'pxweb',
      identifiers: { table: ids[version].pop },
      publisher: 'Synthetic Statistics Office',
      source_modified_at: '2025-02-20T08:00:00Z',
      access_method: `pxweb_api_${version}`,
      // The licence the portal's configuration states (the fixture serves SCB's recorded one); v1 has none.
      license:
        version === 'v2'
          ? {
              id: null,
              title: null,
              url: 'https://creativecommons.org/share-your-work/public-domain/cc0/',
              source_property: 'config.license',
            }
          : null,
    });
    const query = answer.source.query;
    if (version === 'v1') {
      expect(query?.language).toBe('api');
      const [line, body] = (query?.text ?? '').split('\n');
      expect(line).toBe(`POST ${fixture.v1Url}/en/synthdb/BE/POP01`);
      expect(JSON.parse(body ?? '')).toEqual({
        query: [
          { code: 'Region', selection: { filter: 'item', values: ['03'] } },
          { code: 'ContentsCode', selection: { filter: 'all', values: ['*'] } },
          { code: 'Tid', selection: { filter: 'item', values: ['2023'] } },
        ],
        response: { format: 'json-stat2' },
      });
    } else {
      expect(query?.language).toBe('url');
      const url = new URL(query?.text ?? '');
      expect(url.pathname).toBe('/api/v2/tables/POP01/data');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        lang: 'en',
        outputFormat: 'json-stat2',
        'valueCodes[Region]': '03',
        'valueCodes[ContentsCode]': '*',
        'valueCodes[Tid]': '2023',
      });
    }
  });

  it('walks from the top folder to a table and describes it', async () => {
    const top = ok(await server().callTool('browse_tables', {}));
    const folders = top.entries as Array<{ kind: string; id: string }>;
    const energy =
      version === 'v1' ? ok(await server().callTool('browse_tables', { folder_id: folders[0]?.id })) : top;
    const energyFolder = (energy.entries as Array<{ id: string; label: string }>).find((e) =>
      e.label.startsWith('Energy'),
    );
    const inside = ok(await server().callTool('browse_tables', { folder_id: energyFolder?.id }));
    expect(inside.entries).toEqual([
      {
        kind: 'table',
        id: ids[version].ene,
        label: 'Final energy use by fuel and year (synthetic)',
        updated: expect.any(String),
      },
    ]);
    const structure = ok(
      await server().callTool('get_table_structure', { table_id: ids[version].ene, max_values: 2 }),
    );
    expect(structure.variables).toEqual([
      {
        code: 'Fuel',
        label: 'fuel',
        role: null,
        can_be_omitted: false,
        value_count: 3,
        values: [
          { code: '1', label: 'oil products' },
          { code: '2', label: 'electricity' },
        ],
        values_truncated: true,
      },
      expect.objectContaining({ code: 'ContentsCode', role: 'metric', value_count: 1 }),
      expect.objectContaining({ code: 'Tid', role: 'time', value_count: 2, values_truncated: false }),
    ]);
    expect(structure.truncated).toBe(true);
  });

  it('finds tables by a word of the title', async () => {
    const found = ok(await server().callTool('search_tables', { query: 'energy' }));
    expect(found).toMatchObject({
      tables: [{ id: ids[version].ene }],
      returned: 1,
      truncated: false,
      total_matched: 1,
    });
    const none = ok(await server().callTool('search_tables', { query: 'unemployment' }));
    expect(none).toMatchObject({ tables: [], returned: 0, truncated: false });
  });

  it('ranks tables by how many words of the query they match, every word optional', async () => {
    const found = ok(await server().callTool('search_tables', { query: 'energy fuel consumption' }));
    expect(found.tables).toEqual([
      expect.objectContaining({ id: ids[version].ene, matched_words: ['energy', 'fuel'], coverage: 0.667 }),
    ]);
  });

  // Only API v2 lists every table, so only there is the whole list ranked locally; v1 portals are
  // asked once per word and find what their own search finds.
  if (version === 'v2') {
    it('finds a table from another word form or language over the whole table list', async () => {
      for (const query of ['populations by sexes', 'Bevölkerung nach Region', 'населення']) {
        const found = ok(await server().callTool('search_tables', { query }));
        expect((found.tables as Array<{ id: string }>)[0]?.id, query).toBe(ids[version].pop);
      }
    });
  }

  it("answers resource_too_large when the portal refuses the selection's size (HTTP 403)", async () => {
    const answer = await server().callTool('query_table', {
      table_id: ids[version].pop,
      filters: { Region: ['01', '02', '03'], Kon: ['1', '2'], Tid: ['2021', '2022', '2023'] },
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'resource_too_large' } });
  });

  it('answers not_found for a table the portal does not have', async () => {
    const missing = version === 'v1' ? 'synthdb/BE/POP99' : 'POP99';
    const answer = await server().callTool('query_table', { table_id: missing });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('PxWeb API v1 ids', () => {
  it('refuses to describe a folder as a table, and to browse a table as a folder', async () => {
    const asTable = await servers.v1.callTool('get_table_structure', { table_id: 'synthdb/BE' });
    expect(asTable).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('folder') },
    });
    const asFolder = await servers.v1.callTool('browse_tables', { folder_id: 'synthdb/BE/POP01' });
    expect(asFolder).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('table') },
    });
  });
});
