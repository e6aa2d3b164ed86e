import { type ColumnarTable, fromColumnarTable } from '@opendata-mcp/core';
import { type LindasFixture, startLindasFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

const CANTONS = 'https://ld.synthetic.example/bfs/wohnbevoelkerung/1';
const SFOE = 'https://energy.ld.admin.ch/sfoe/bfe_ogd18_gebaeudeprogramm_co2wirkung/1';

const rowsOf = (body: Record<string, unknown>) => fromColumnarTable(body as unknown as ColumnarTable);

describe('places on the LINDAS fixture, end to end over stdio', () => {
  let fixture: LindasFixture;
  let session: StdioSession;

  beforeAll(async () => {
    fixture = await startLindasFixture();
    session = await connectStdio(fixture);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  it('reads a canton named in German or Italian as the canton the cube labels in French', async () => {
    for (const name of ['Genf', 'Ginevra', 'Geneva']) {
      const { body, isError } = await session.call('query_cube_observations', {
        cube_id: CANTONS,
        filters: { Kanton: name },
      });
      expect(isError, name).toBe(false);
      expect(
        rowsOf(body).map((r) => [r.Kanton, r.Einwohner]),
        name,
      ).toEqual([['Genève', 520000]]);
    }
    const two = await session.call('query_cube_observations', {
      cube_id: CANTONS,
      filters: { Kanton: ['Zürich', 'Berna'] },
    });
    expect(
      rowsOf(two.body)
        .map((r) => r.Kanton)
        .sort(),
    ).toEqual(['Berne', 'Zurich']);
  });

  it('reads a country name in any language as the ld.admin.ch country IRI', async () => {
    for (const name of ['Svizzera', 'Швейцарія', 'Suisse']) {
      const { body, isError } = await session.call('query_cube_observations', {
        cube_id: SFOE,
        filters: { region: name },
        limit: 5,
        resolve_labels: false,
      });
      expect(isError, name).toBe(false);
      expect(body.returned, name).toBe(5);
      expect(rowsOf(body).every((r) => r.region === 'https://ld.admin.ch/country/CHE')).toBe(true);
    }
  });

  it('still refuses a place the dimension does not hold, with the dimension named', async () => {
    const { body, isError } = await session.call('query_cube_observations', {
      cube_id: CANTONS,
      filters: { Kanton: 'Tessin' },
    });
    expect(isError).toBe(true);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toContain('Kanton');
  });

  it('resolve_place answers the ld.admin.ch IRI of a canton and says groups are not coded', async () => {
    const { body } = await session.call('resolve_place', { name: 'Genève', kind: 'canton' });
    expect(body.backends).toEqual([
      expect.objectContaining({
        backend: 'lindas',
        status: 'coded',
        codes: [expect.objectContaining({ code: 'https://ld.admin.ch/canton/25', label: 'Genève' })],
      }),
    ]);
    const eu = await session.call('resolve_place', { name: 'EU' });
    expect(eu.body.backends[0]).toMatchObject({ status: 'not_coded', codes: [] });
    expect(eu.body.members).toHaveLength(27);
  });

  it('search_all says a cube holds the canton the question names', async () => {
    const { body } = await session.call('search_all', { query: 'Wohnbevölkerung in Genf' });
    const cube = body.hits.find((h: { id: string }) => h.id === CANTONS);
    expect(cube.place_coverage).toEqual({
      place: 'Genf',
      place_ids: ['canton/25', 'municipality/6621'],
      period: null,
      has_data: true,
    });
  });
});
