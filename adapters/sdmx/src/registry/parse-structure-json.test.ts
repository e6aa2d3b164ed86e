import { describe, expect, it } from 'vitest';
import { recorded } from '../messages/recorded-messages.test-support.js';
import { parseStructureAnswer } from './parse-structure-answer.js';

describe('SDMX-JSON structure messages', () => {
  it('reads the BIS SDMX-JSON 2.0 structure into the same model as SDMX-ML', async () => {
    const json = await parseStructureAnswer(
      recorded('bis/structure_sdmxjson2.json'),
      'application/vnd.sdmx.structure+json',
    );
    expect(json.format).toBe('sdmx-json-2.0');
    expect(json.prepared).toBe('2026-04-16T14:20:19Z');
    const dsd = json.dataStructures[0];
    expect(dsd?.id).toBe('BIS_DER');
    expect(dsd?.dimensions[0]).toMatchObject({
      id: 'FREQ',
      position: 1,
      codelist: { agency: 'BIS', id: 'CL_FREQ', version: '1.0' },
    });
    expect(dsd?.measure?.id).toBe('OBS_VALUE');
    expect(dsd?.attributes.find((a) => a.id === 'OBS_STATUS')?.attachment).toBe('observation');
    expect(json.dataflows[0]).toMatchObject({ id: 'WS_DER_OTC_TOV', structure: { id: 'BIS_DER' } });
    expect(json.codelists[0]?.codes[0]).toEqual({
      id: 'A',
      names: [{ lang: 'en', value: 'Annual' }],
      parent: null,
    });
    expect(json.constraints[0]).toMatchObject({
      type: 'Actual',
      dataflows: ['WS_DER_OTC_TOV'],
      seriesCount: 79681,
    });
    // The same DSD read from SDMX-ML has the same dimensions in the same order.
    const xml = await parseStructureAnswer(recorded('bis/datastructure_descendants.xml'));
    expect(xml.format).toBe('sdmx-ml-2.1');
    const ids = (m: typeof xml) =>
      m.dataStructures[0]?.dimensions.map((d) => d.id).filter((id) => id !== 'NEW_DIMENSION');
    expect(ids(json)).toEqual(ids(xml));
  });

  it('tells JSON from SDMX-ML in the bytes received as in text, with no Content-Type to go by', async () => {
    const text = recorded('bis/structure_sdmxjson2.json');
    const fromText = await parseStructureAnswer(text);
    expect(fromText.format).toBe('sdmx-json-2.0');
    for (const lead of [[], [0xef, 0xbb, 0xbf], [0x0a, 0x20, 0x09]]) {
      const bytes = Buffer.concat([Buffer.from(lead), Buffer.from(text)]);
      expect(JSON.stringify(await parseStructureAnswer(bytes)), String(lead)).toBe(JSON.stringify(fromText));
    }
    const xml = recorded('bis/datastructure_descendants.xml');
    expect((await parseStructureAnswer(Buffer.from(xml))).format).toBe('sdmx-ml-2.1');
  });

  it('refuses JSON that is not a structure message', async () => {
    for (const text of ['{"data": []}', '{"meta": {}}', '[]', '{"data": {}} }']) {
      await expect(parseStructureAnswer(text, 'application/json')).rejects.toThrow(
        expect.objectContaining({ code: 'upstream_error' }),
      );
    }
    await expect(parseStructureAnswer('{"data": {"dataflows": [', 'application/json')).rejects.toThrow(
      expect.objectContaining({ code: 'upstream_unavailable' }),
    );
  });

  it('refuses a structure of the wrong shape, and keeps a well-formed empty list empty', async () => {
    const message = (data: unknown) => JSON.stringify({ meta: {}, data });
    const wrong = [
      message({ dataflows: { id: 'X' } }),
      message({ dataflows: 'none' }),
      message({ dataflows: [1, 2] }),
      message({ dataflows: [{ id: 7 }] }),
      message({ dataflows: [{ names: { en: 'no id' } }] }),
      message({ codelists: [{ id: 'CL', codes: {} }] }),
      message({
        dataStructures: [{ id: 'DSD', dataStructureComponents: { dimensionList: { dimensions: 'FREQ' } } }],
      }),
    ];
    for (const text of wrong) {
      await expect(parseStructureAnswer(text, 'application/json'), text).rejects.toThrow(
        expect.objectContaining({ code: 'upstream_error' }),
      );
    }
    // Asked for dataflows, a message without the list is not an empty answer.
    await expect(
      parseStructureAnswer(message({ codelists: [] }), 'application/json', 'dataflows'),
    ).rejects.toThrow(expect.objectContaining({ code: 'upstream_error' }));
    expect(
      (await parseStructureAnswer(message({ dataflows: [] }), 'application/json', 'dataflows')).dataflows,
    ).toEqual([]);
    expect((await parseStructureAnswer(message({ codelists: [] }), 'application/json')).codelists).toEqual(
      [],
    );
  });
});
