import { createHash } from 'node:crypto';
import { type ColumnarTable, fromColumnarTable } from '@opendata-mcp/core';
import { type LindasFixture, startLindasFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

/** The observations of a columnar answer as one object per row, fixed columns included. */
function rowsOf(body: Record<string, unknown>): Array<Record<string, unknown>> {
  return fromColumnarTable(body as unknown as ColumnarTable);
}

/**
 * Rows with decimals read as numbers: a decimal column is text in an answer where one of its values
 * is too precise for a double, numbers otherwise, so the same row reads "0" in one answer and 0 in another.
 */
function asNumbers(rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const decimal = /^-?\d+(\.\d+)?$/;
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && decimal.test(v) ? Number(v) : v]),
    ),
  );
}

const WALDBRAND = 'https://ld.synthetic.example/foen/waldbrandgefahr/2';
const NOISE = 'https://environment.ld.admin.ch/foen/ubd003701/6';
const SFOE = 'https://energy.ld.admin.ch/sfoe/bfe_ogd18_gebaeudeprogramm_co2wirkung/1';
const UNDEFINED_EXAMPLE = 'https://example.org/cube';

describe('LINDAS tools end to end over stdio', () => {
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

  it('lists every LINDAS tool, api_status, search_all and resolve_place', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'api_status',
      'get_cube_structure',
      'list_dimension_values',
      'list_publishers',
      'query_cube_observations',
      'resolve_municipality',
      'resolve_place',
      'run_sparql',
      'search_all',
      'search_cubes',
    ]);
  });

  it('search_cubes finds the newest published Waldbrandgefahr version', async () => {
    const { body, isError } = await session.call('search_cubes', { query: 'waldbrand' });
    expect(isError).toBe(false);
    expect(body.cubes.map((c: { cube_id: string }) => c.cube_id)).toEqual([WALDBRAND]);
    expect(body).toMatchObject({ returned: 1, truncated: false, total_matched: 1, match_type: 'words' });
    expect(body.cubes[0]).toMatchObject({ matched_words: ['waldbrand'], coverage: 1 });
    expect(body.cubes[0].status).toBe('https://ld.admin.ch/vocabulary/CreativeWorkStatus/Published');
    expect(body.source.query.text).toContain('cube:Cube');
  });

  it('search_cubes lists every version when latest_only is false', async () => {
    const { body } = await session.call('search_cubes', { query: 'lärmbelastung', latest_only: false });
    expect(body.cubes.map((c: { cube_id: string }) => c.cube_id).sort()).toEqual([
      'https://environment.ld.admin.ch/foen/ubd0037/4',
      'https://environment.ld.admin.ch/foen/ubd003701/5',
      NOISE,
    ]);
    const latest = await session.call('search_cubes', { query: 'lärmbelastung' });
    expect(latest.body.cubes.map((c: { cube_id: string }) => c.cube_id).sort()).toEqual([
      'https://environment.ld.admin.ch/foen/ubd0037/4',
      NOISE,
    ]);
  });

  it('search_cubes finds cubes from questions in other forms and languages, best coverage first', async () => {
    for (const query of ['Waldbrände', 'forest fire danger', "danger d'incendie de forêt", 'Wald-brand']) {
      const { body } = await session.call('search_cubes', { query });
      expect(body.cubes[0]?.cube_id, query).toBe(WALDBRAND);
    }
    const noise = await session.call('search_cubes', { query: 'road noise' });
    expect(noise.body.cubes[0]).toMatchObject({
      name: 'Lärmbelastung durch Verkehr',
      matched_words: ['road', 'noise'],
    });
  });

  it('search_cubes reports truncation honestly and a real miss with a suggestion', async () => {
    const cut = await session.call('search_cubes', { query: 'lärmbelastung', limit: 1 });
    expect(cut.body).toMatchObject({ returned: 1, truncated: true, total_matched: 2 });
    const miss = await session.call('search_cubes', { query: 'zzzyyyxxx' });
    expect(miss.body).toMatchObject({
      ok: true,
      returned: 0,
      truncated: false,
      total_matched: 0,
      match_type: 'none',
    });
    expect(miss.body.suggestion).toMatch(/list_publishers/);
  });

  it('search_cubes lists a draft only where no published cube matches as well, and narrows by publisher', async () => {
    const PUBLISHED = 'https://ld.admin.ch/vocabulary/CreativeWorkStatus/Published';
    type Found = Array<{ cube_id: string; status: string | null; coverage: number }>;
    // The Gebäudeprogramm cube is a draft that covers the whole question: it comes first, said to be a draft.
    const draft = await session.call('search_cubes', { query: 'gebäudeprogramm', latest_only: false });
    const found = draft.body.cubes as Found;
    expect(found[0]).toMatchObject({
      cube_id: 'https://energy.ld.admin.ch/sfoe/bfe_ogd18_gebaeudeprogramm_co2wirkung/1',
      status: 'https://ld.admin.ch/vocabulary/CreativeWorkStatus/Draft',
      coverage: 1,
    });
    expect(found.slice(1).every((c) => c.status === PUBLISHED && c.coverage < 1)).toBe(true);
    expect(draft.body.suggestion).toBe(
      'Only drafts cover this much of the question (status …/Draft): a draft is not published yet, and its figures may still change.',
    );
    // A published cube covering as much of the question (waldbrand) keeps the draft out.
    const even = await session.call('search_cubes', { query: 'gebäudeprogramm waldbrand' });
    const evenFound = even.body.cubes as Found;
    expect(evenFound.length).toBeGreaterThan(0);
    expect(evenFound.every((c) => c.status === PUBLISHED)).toBe(true);
    expect(even.body.suggestion).toBeNull();
    const bakom = await session.call('search_cubes', {
      query: 'medien',
      publisher_id: 'https://register.ld.admin.ch/opendataswiss/org/bundesamt-fur-kommunikation-bakom',
    });
    expect(bakom.body.cubes.map((c: { cube_id: string }) => c.cube_id)).toEqual([
      'https://communication.ld.admin.ch/ofcom/public_survey_electronic_media_iakom/6',
    ]);
  });

  it('get_cube_structure gives roles, the Fedlex licence and names in the asked language', async () => {
    const { body } = await session.call('get_cube_structure', { cube_id: WALDBRAND, language: 'fr' });
    expect(body.name).toBe("Danger d'incendie de forêt");
    expect(body.licence).toEqual({
      uri: 'https://fedlex.data.admin.ch/eli/cc/1984/1122_1122_1122',
      property: 'dcterms:license',
      name: 'Swiss Environmental Protection Act (USG, SR 814.01), cited as legal basis',
      terms: expect.stringMatching(/not a licence/),
    });
    expect(body.source.license.url).toBe(body.licence.uri);
    expect(body.source.license.known_as).toBe(body.licence.name);
    const byPath = Object.fromEntries(
      body.dimensions.map((d: { path: string }) => [d.path.split('/').pop(), d]),
    );
    expect(byPath.warnregion).toMatchObject({ name: "Région d'alerte", role: 'key', has_codelist: true });
    expect(byPath.gefahrenstufe).toMatchObject({ role: 'measure', has_codelist: true });
    expect(byPath.niederschlag).toMatchObject({
      role: 'measure',
      datatype: 'http://www.w3.org/2001/XMLSchema#decimal',
      unit: 'http://qudt.org/vocab/unit/MilliM',
    });
    expect(byPath.bemerkung.role).toBe('attribute');
  });

  it('get_cube_structure falls back to dcterms:rights and says so', async () => {
    const { body } = await session.call('get_cube_structure', { cube_id: SFOE });
    expect(body.licence).toEqual({
      uri: 'https://ld.admin.ch/vocabulary/TermsOfUse/Provide-the-Source',
      property: 'dcterms:rights',
      name: 'Swiss federal terms of use: open use, must provide the source',
      terms: expect.stringMatching(/^Attribution/),
    });
    expect(body.dimensions.every((d: { described_by_shape: boolean }) => !d.described_by_shape)).toBe(true);
  });

  it('get_cube_structure refuses an unknown cube and a malformed IRI', async () => {
    const unknown = await session.call('get_cube_structure', {
      cube_id: 'https://example.org/no-such-cube/1',
    });
    expect(unknown.body.error.code).toBe('not_found');
    // A wrong version of a known cube: the hint names the versions that exist.
    const version = await session.call('get_cube_structure', { cube_id: WALDBRAND.replace(/2$/, '7') });
    expect(version.body.error.code).toBe('not_found');
    expect(version.body.error.hint).toContain(WALDBRAND);
    const broken = await session.call('get_cube_structure', { cube_id: 'https://x.org/a> } DROP ALL #' });
    expect(broken.body.error.code).toBe('invalid_input');
  });

  it('get_cube_structure answers no_data for a cube the store holds no shape and no observation of', async () => {
    // The recorded store knows the older noise cube's name and status, nothing of its structure.
    const { body } = await session.call('get_cube_structure', {
      cube_id: 'https://environment.ld.admin.ch/foen/ubd0037/4',
    });
    expect(body).toMatchObject({ ok: false, error: { code: 'no_data', retryable: false } });
    expect(body.error.hint).toContain('latest_only false');
  });

  it('query_cube_observations returns labels, not codes, and a citation', async () => {
    const { body } = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: [{ dimension: 'Warnregion', op: '=', value: 'Dorneck / Thierstein (SO)' }],
    });
    expect(body.returned).toBe(2);
    expect(body.truncated).toBe(false);
    const levels = rowsOf(body)
      .map((o: Record<string, unknown>) => o.Gefahrenstufe)
      .sort();
    expect(levels).toEqual(['erhebliche Gefahr', 'grosse Gefahr']);
    expect(body.source.license.url).toMatch(/^https:\/\/fedlex\.data\.admin\.ch\//);
    expect(body.citation).toContain('Bundesamt für Umwelt BAFU');
    expect(body.source.query.text).toContain('cube:observationSet/cube:observation');
  });

  it('query_cube_observations filters in the store by label, number, date and IRI', async () => {
    const high = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: [{ dimension: 'Gefahrenstufe', op: '=', value: 'grosse Gefahr' }],
    });
    expect(
      rowsOf(high.body)
        .map((o: Record<string, unknown>) => o.Warnregion)
        .sort(),
    ).toEqual(['Dorneck / Thierstein (SO)', 'Oberwallis (VS)']);
    // The answer cites the query by hash and a short form; the full text is a resource.
    const query = high.body.source.query;
    expect(query).toMatchObject({ shortened: true, full_text_uri: `opendata://query/${query.sha256}` });
    expect(query.text.length).toBeLessThanOrEqual(700);
    const full = await session.client.readResource({ uri: query.full_text_uri });
    const text = (full.contents[0] as { text: string }).text;
    expect(text).toContain('"grosse Gefahr"');
    expect(createHash('sha256').update(text).digest('hex')).toBe(query.sha256);
    const wet = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: [
        { dimension: 'Niederschlag der letzten 7 Tage', op: '>=', value: '9.99' },
        {
          dimension: 'https://ld.synthetic.example/foen/waldbrandgefahr/datum',
          op: '=',
          value: '2026-07-14',
        },
      ],
    });
    expect(rowsOf(wet.body)).toHaveLength(1);
    expect(rowsOf(wet.body)[0]?.Warnregion).toBe('Berner Jura (BE)');
    const byIri = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: [
        {
          dimension: 'Warnregion',
          op: '!=',
          value: 'https://ld.synthetic.example/foen/waldbrandgefahr/warnregion/1805',
        },
      ],
    });
    expect(byIri.body.returned).toBe(8);
    const refused = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: [{ dimension: 'Warnregion', op: '>', value: 'Dorneck' }],
    });
    expect(refused.body.error.code).toBe('invalid_input');
    const unknown = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: [{ dimension: 'Temperatur', op: '=', value: '3' }],
    });
    expect(unknown.body.error.code).toBe('invalid_input');
    expect(unknown.body.error.hint).toContain('Warnregion');
  });

  it('query_cube_observations reads the filters object: a list of labels is any of, comparisons all hold', async () => {
    const all = await session.call('query_cube_observations', { cube_id: WALDBRAND, limit: 500 });
    const wanted = (rowsOf(all.body) as Array<Record<string, unknown>>).filter(
      (o) =>
        ['grosse Gefahr', 'sehr grosse Gefahr'].includes(String(o.Gefahrenstufe)) &&
        String(o.Datum) >= '2026-07-14',
    );
    expect(wanted.length).toBeGreaterThan(1);
    const filtered = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      limit: 500,
      filters: { Gefahrenstufe: ['grosse Gefahr', 'sehr grosse Gefahr'], Datum: { gte: '2026-07-14' } },
    });
    expect(asNumbers(rowsOf(filtered.body))).toEqual(asNumbers(wanted));
    expect(filtered.body.filters_applied).toBe(2);
    const single = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      limit: 500,
      filters: { Gefahrenstufe: 'grosse Gefahr' },
    });
    expect(
      rowsOf(single.body).every((o: Record<string, unknown>) => o.Gefahrenstufe === 'grosse Gefahr'),
    ).toBe(true);
    expect(single.body.returned).toBeGreaterThan(0);
    const refused = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: { Warnregion: { gt: 'Dorneck' } },
    });
    expect(refused.body.error.code).toBe('invalid_input');
  });

  it('query_cube_observations refuses a filter value that names no value of its dimension', async () => {
    const typo = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: { Gefahrenstufe: 'grose Gefahr' },
    });
    expect(typo.body.error.code).toBe('invalid_input');
    expect(typo.body.error.message).toBe('No value of "Gefahrenstufe" in this cube matches "grose Gefahr".');
    expect(typo.body.error.hint).toMatch(/^Close values: "grosse Gefahr", /);
    expect(typo.body.error.hint).toContain('list_dimension_values');
    // One unknown value among known ones is refused too: a list is any of, not "whichever exist".
    const mixed = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: { Gefahrenstufe: ['grosse Gefahr', 'Weltuntergang'] },
    });
    expect(mixed.body.error.message).toContain('"Weltuntergang"');
    const listForm = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: [{ dimension: 'Warnregion', op: '=', value: 'Dorneck' }],
    });
    expect(listForm.body.error.code).toBe('invalid_input');
    expect(listForm.body.error.hint).toMatch(/^Close values: "Dorneck \/ Thierstein \(SO\)"/);
    // A canton whose regions the cube tags with its abbreviation: its regions come first, by name.
    const canton = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: { Warnregion: 'Soleure' },
    });
    expect(canton.body.error.code).toBe('invalid_input');
    expect(canton.body.error.hint).toMatch(
      /^Values within Soleure \(SO\): "Dorneck \/ Thierstein \(SO\)"; pass them as a list for the whole canton\./,
    );
    const unknownIri = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: { Warnregion: 'https://ld.synthetic.example/foen/waldbrandgefahr/warnregion/999999' },
    });
    expect(unknownIri.body.error.code).toBe('invalid_input');
    // Known values by label in any case, and by IRI, still answer.
    const known = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: {
        Gefahrenstufe: 'GROSSE GEFAHR',
        Warnregion: 'https://ld.synthetic.example/foen/waldbrandgefahr/warnregion/1805',
      },
    });
    expect(known.body.ok).toBe(true);
  });

  it("query_cube_observations reads start_period and end_period on the cube's date key", async () => {
    const all = rowsOf(
      (await session.call('query_cube_observations', { cube_id: WALDBRAND, limit: 500 })).body,
    );
    const july14 = all.filter((o) => o.Datum === '2026-07-14');
    expect(july14.length).toBeGreaterThan(0);
    const day = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      limit: 500,
      start_period: '2026-07-14',
      end_period: '2026-07-14',
    });
    expect(asNumbers(rowsOf(day.body))).toEqual(asNumbers(july14));
    const july = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      limit: 500,
      start_period: '2026-07',
      end_period: '2026-Q3',
    });
    expect(asNumbers(rowsOf(july.body))).toEqual(
      asNumbers(all.filter((o) => String(o.Datum).startsWith('2026-07'))),
    );
    const refused = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      start_period: 'July',
    });
    expect(refused.body.error.code).toBe('invalid_input');
  });

  it('query_cube_observations reads only the latest period the filters match with latest_period', async () => {
    const all = rowsOf(
      (await session.call('query_cube_observations', { cube_id: WALDBRAND, limit: 500 })).body,
    );
    const newest = (rows: Array<Record<string, unknown>>) =>
      rows
        .map((o) => String(o.Datum))
        .sort()
        .at(-1);
    const latest = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      limit: 500,
      latest_period: true,
    });
    expect(newest(rowsOf(latest.body))).toBe(newest(all));
    expect(asNumbers(rowsOf(latest.body))).toEqual(asNumbers(all.filter((o) => o.Datum === newest(all))));
    // Within a filter, the latest period of what it matches; the period bounds narrow it too.
    const region = 'Dorneck / Thierstein (SO)';
    const inRegion = all.filter((o) => o.Warnregion === region && String(o.Datum) < '2026-07-14');
    const bounded = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      latest_period: true,
      end_period: '2026-07-13',
      filters: { Warnregion: region },
    });
    expect(asNumbers(rowsOf(bounded.body))).toEqual(
      asNumbers(inRegion.filter((o) => o.Datum === newest(inRegion))),
    );
    const none = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      latest_period: true,
      start_period: '2030',
    });
    expect(none.body).toMatchObject({ ok: true, returned: 0 });
    expect(none.body.note).toMatch(/No observation meets all these filters together/);
    expect(bounded.body.note).toBeUndefined();
  });

  it('says why an answer has no row: a page past the end, or filters no observation meets together', async () => {
    const past = await session.call('query_cube_observations', { cube_id: WALDBRAND, offset: 100_000 });
    expect(past.body).toMatchObject({ ok: true, returned: 0 });
    expect(past.body.note).toBe('No observation past the first 100000: the page starts after the last one.');
    // The value is one of the noise cube's traffic types; no recorded observation has it.
    const pair = await session.call('query_cube_observations', {
      cube_id: NOISE,
      filters: { Verkehrsart: 'Gesamtes Strassennetz' },
    });
    expect(pair.body).toMatchObject({ ok: true, returned: 0 });
    expect(pair.body.note).toMatch(/Drop or widen a filter/);
  });

  it('says when coded values came back without a label, and then does not call the labels resolved', async () => {
    const biotopes = await session.call('query_cube_observations', {
      cube_id: 'https://environment.ld.admin.ch/foen/biotopescube/UZ-2404/1',
      limit: 5,
    });
    expect(biotopes.body).toMatchObject({ ok: true, labels_resolved: false });
    const unlabelled = biotopes.body.unlabelled_codes as number;
    expect(unlabelled).toBeGreaterThan(0);
    expect(biotopes.body.note).toBe(
      `${unlabelled} coded value(s) have no name in the portal in any of its languages and are shown as their IRIs; list_dimension_values has none for them either.`,
    );
    const labelled = await session.call('query_cube_observations', { cube_id: WALDBRAND, limit: 5 });
    expect(labelled.body).toMatchObject({ ok: true, labels_resolved: true, unlabelled_codes: 0 });
    expect(labelled.body.note).toBeUndefined();
  });

  it('refuses the period options on a cube without a date or year key, naming the option', async () => {
    for (const option of [{ latest_period: true }, { start_period: '2020' }]) {
      const refused = await session.call('query_cube_observations', { cube_id: NOISE, ...option });
      expect(refused.body.error).toMatchObject({
        code: 'invalid_input',
        message: expect.stringContaining(Object.keys(option)[0] as string),
        hint: expect.stringContaining('list_dimension_values'),
      });
    }
  });

  it('reads the old names cube_uri and the filter list for one release, and says so', async () => {
    const old = await session.call('query_cube_observations', {
      cube_uri: WALDBRAND,
      filters: [{ dimension: 'Gefahrenstufe', op: '=', value: 'grosse Gefahr' }],
    });
    const current = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      filters: { Gefahrenstufe: 'grosse Gefahr' },
    });
    expect(rowsOf(old.body)).toEqual(rowsOf(current.body));
    expect(old.body.deprecated).toEqual([
      expect.stringContaining('"cube_uri" is a deprecated name of "cube_id"'),
    ]);
    expect(current.body.deprecated).toBeUndefined();
  });

  it('query_cube_observations falls back per label and reports the languages served', async () => {
    const { body } = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      language: 'fr',
      limit: 500,
    });
    const regions = new Set(rowsOf(body).map((o: Record<string, unknown>) => o["Région d'alerte"]));
    // «Dorneck / Thierstein (SO)» has an empty French placeholder: the German label is served.
    expect(regions).toContain('Dorneck / Thierstein (SO)');
    expect(regions).toContain('Haut-Valais (VS)');
    expect(body.languages_served).toEqual(['de', 'fr']);
  });

  it('query_cube_observations keeps lexical values, marks cube:Undefined and pages honestly', async () => {
    const all = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      limit: 500,
      include_observation_uris: true,
    });
    const rain = rowsOf(all.body).map((o: Record<string, unknown>) => o['Niederschlag der letzten 7 Tage']);
    expect(rain).toContain('25.300000000000000001');
    expect(rain).toContain(null);
    expect(all.body.undefined_values).toEqual([
      { row: rain.indexOf(null), dimension: 'Niederschlag der letzten 7 Tage' },
    ]);
    const first = await session.call('query_cube_observations', { cube_id: WALDBRAND, limit: 4 });
    expect(first.body).toMatchObject({ returned: 4, truncated: true, next_offset: 4 });
    const last = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      limit: 4,
      offset: 8,
      include_observation_uris: true,
    });
    expect(last.body).toMatchObject({ returned: 2, truncated: false, next_offset: null });
    expect(last.body.observation_uris).toEqual(all.body.observation_uris.slice(8));
    const codes = await session.call('query_cube_observations', {
      cube_id: WALDBRAND,
      resolve_labels: false,
      limit: 1,
    });
    expect(rowsOf(codes.body)[0]?.Gefahrenstufe).toMatch(/\/gefahrenstufe\/\d$/);
    const undef = await session.call('query_cube_observations', { cube_id: UNDEFINED_EXAMPLE });
    expect(undef.body.undefined_values).toHaveLength(1);
  });

  it('dates a cached answer by its own first fetch, never by the older cube description', async () => {
    await session.call('get_cube_structure', { cube_id: WALDBRAND });
    const started = new Date().toISOString();
    const args = { cube_id: WALDBRAND, dimension: 'Gefahrenstufe', language: 'it' };
    const first = await session.call('list_dimension_values', args);
    const again = await session.call('list_dimension_values', args);
    expect(first.body.source.cache).toMatchObject({ hit: false, first_fetched_at: null });
    expect(again.body.source.cache).toEqual({
      hit: true,
      revalidated: false,
      first_fetched_at: first.body.source.retrieved_at,
    });
    expect(again.body.source.cache.first_fetched_at >= started).toBe(true);
  });

  it('list_dimension_values gives the code list with identifiers and labels', async () => {
    const { body } = await session.call('list_dimension_values', {
      cube_id: WALDBRAND,
      dimension: 'Gefahrenstufe',
    });
    expect(body.values_from).toBe('code_list');
    expect(body.values.map((v: { label: string }) => v.label)).toEqual([
      'keine oder geringe Gefahr',
      'mässige Gefahr',
      'erhebliche Gefahr',
      'grosse Gefahr',
      'sehr grosse Gefahr',
    ]);
    expect(body.values[3].identifier).toBe('4');
    const cut = await session.call('list_dimension_values', {
      cube_id: WALDBRAND,
      dimension: 'Warnregion',
      limit: 2,
    });
    expect(cut.body).toMatchObject({ returned: 2, truncated: true });
    const noise = await session.call('list_dimension_values', { cube_id: NOISE, dimension: 'Verkehrsart' });
    expect(noise.body.values.map((v: { label: string }) => v.label).sort()).toEqual([
      'Eisenbahnverkehr',
      'Flugverkehr',
      'Gesamtes Strassennetz',
      'Nationalstrassen',
    ]);
    const dates = await session.call('list_dimension_values', { cube_id: WALDBRAND, dimension: 'Datum' });
    expect(dates.body).toMatchObject({ values_from: 'observations', returned: 2 });
  });

  it('list_dimension_values gives the observed values when the store lacks a code list the shape names', async () => {
    // The recorded shape names a code list (sh:in) for Beurteilung whose entries the store does not
    // hold; its one observation holds a value. An empty list would read as a dimension without values.
    const { body } = await session.call('list_dimension_values', {
      cube_id: NOISE,
      dimension: 'Beurteilung',
    });
    expect(body).toMatchObject({ ok: true, values_from: 'observations', returned: 1 });
    expect(body.values[0].value).toBe(
      'https://environment.ld.admin.ch/foen/ubd003701/6/beurteilung/%3EIGWLSV',
    );
    expect(body.source.query.text).toContain('cube:observationSet');
    // Past the first page the list is not asked again: an empty page there is the list's end.
    const later = await session.call('list_dimension_values', {
      cube_id: NOISE,
      dimension: 'Beurteilung',
      offset: 5,
    });
    expect(later.body).toMatchObject({ ok: true, values_from: 'code_list', returned: 0 });
  });

  it('list_dimension_values answers no_data, not an empty list, when neither list nor observations hold a value', async () => {
    // The recorded noise cube's one observation has no period, and the store holds no entry of the
    // code list its shape names for Periode.
    const { body } = await session.call('list_dimension_values', { cube_id: NOISE, dimension: 'Periode' });
    expect(body).toMatchObject({ ok: false, error: { code: 'no_data', retryable: false } });
    expect(body.error.message).toContain('"Periode"');
    expect(body.error.hint).toContain('query_cube_observations');
  });

  it('list_publishers counts published cube versions per body', async () => {
    const { body } = await session.call('list_publishers', {});
    const bafu = body.publishers.find((p: { publisher_id: string }) =>
      p.publisher_id.endsWith('bundesamt-fur-umwelt-bafu'),
    );
    expect(bafu).toMatchObject({ name: 'Bundesamt für Umwelt BAFU', name_from: 'label' });
    expect(bafu.cube_count).toBe(5);
    const bakom = body.publishers.find((p: { publisher_id: string }) => p.publisher_id.endsWith('bakom'));
    expect(bakom).toMatchObject({ name_from: 'uri', cube_count: 2 });
  });

  it('resolve_municipality works by name (untagged) and by BFS number', async () => {
    const byName = await session.call('resolve_municipality', { query: 'winterthur' });
    expect(byName.body).toMatchObject({
      match_type: 'exact',
      municipalities: [{ uri: 'https://ld.admin.ch/municipality/230', name: 'Winterthur', bfs_number: 230 }],
    });
    const byNumber = await session.call('resolve_municipality', { query: '230' });
    expect(byNumber.body.municipalities).toEqual(byName.body.municipalities);
    const partial = await session.call('resolve_municipality', { query: 'dorn' });
    expect(partial.body).toMatchObject({ match_type: 'partial', municipalities: [{ bfs_number: 2473 }] });
    const none = await session.call('resolve_municipality', { query: 'Atlantis' });
    expect(none.body).toMatchObject({ ok: true, match_type: 'none', returned: 0 });
  });

  it('run_sparql answers SELECT and ASK and writes the cap into LIMIT', async () => {
    const select = await session.call('run_sparql', {
      sparql: 'PREFIX cube: <https://cube.link/> SELECT ?c WHERE { ?c a cube:Cube } LIMIT 3',
    });
    expect(select.body).toMatchObject({ row_count: 3, truncated: false, limit_applied: 3 });
    const ask = await session.call('run_sparql', {
      sparql: `ASK { <${WALDBRAND}> a <https://cube.link/Cube> }`,
    });
    expect(ask.body.boolean).toBe(true);
    const refused = await session.call('run_sparql', { sparql: 'DROP ALL' });
    expect(refused.body.error.code).toBe('unsafe_sparql');
  });

  it('api_status reports the endpoint reachable with a cube count', async () => {
    const { body } = await session.call('api_status', {});
    const [lindas] = body.backends;
    expect(lindas).toMatchObject({ adapter_id: 'lindas', reachable: true });
    expect(lindas.count.value).toBeGreaterThanOrEqual(20);
  });
});
