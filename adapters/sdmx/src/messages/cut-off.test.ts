import { describe, expect, it } from 'vitest';
import { parseStructureAnswer } from '../registry/parse-structure-answer.js';
import { csvCutOff } from './csv-cut-off.js';
import { jsonCutOff } from './json-cut-off.js';
import { parseDataMessage } from './parse-data-message.js';
import { recorded, recordedFlow } from './recorded-messages.test-support.js';

const SAMPLES = 'sdmx-test-data/samples';
const bis = () => recordedFlow('bis/datastructure_descendants.xml', 'WEBSTATS_DER_DATAFLOW');

/** The recording cut just before the last occurrence of `marker`: a cut at an element boundary. */
function cutBeforeLast(text: string, marker: string): string {
  const at = text.lastIndexOf(marker);
  if (at <= 0) throw new Error(`no ${marker} to cut at`);
  return text.slice(0, at);
}

const unavailable = expect.objectContaining({ code: 'upstream_unavailable', retryable: true });

describe('cut-off messages', () => {
  it('reads the complete recordings as complete', async () => {
    for (const file of ['bis/data_structurespecific.xml', `${SAMPLES}/ng-ts.xml`])
      expect(
        (await parseDataMessage(recorded(file), undefined, null, 'en')).observations.length,
        file,
      ).toBeGreaterThan(0);
    expect(
      (await parseStructureAnswer(recorded('bis/datastructure_descendants.xml'))).dataStructures,
    ).toHaveLength(1);
    for (const file of [`${SAMPLES}/sdmxjson2_exr-flat.json`, 'bis/structure_sdmxjson2.json'])
      expect(jsonCutOff(recorded(file)), file).toBe(false);
    for (const file of ['bis/data_sdmxcsv1.csv', `${SAMPLES}/sdmxcsv2_example-01.csv`])
      expect(csvCutOff(recorded(file)), file).toBe(false);
    expect(csvCutOff(recorded('bis/data_sdmxcsv1.csv').trimEnd())).toBe(false);
  });

  it('refuses the BIS data message cut before its last observation, instead of 999 of 1,000', async () => {
    const xml = recorded('bis/data_structurespecific.xml');
    const flow = await bis();
    expect((await parseDataMessage(xml, undefined, flow, 'en')).observations).toHaveLength(1000);
    const cut = cutBeforeLast(xml, '<Obs ');
    await expect(parseDataMessage(cut, undefined, flow, 'en')).rejects.toThrow(unavailable);
    // Cut inside the closing tag of the root, or with only the root left open.
    await expect(parseDataMessage(xml.trimEnd().slice(0, -3), undefined, flow, 'en')).rejects.toThrow(
      unavailable,
    );
    await expect(
      parseDataMessage(cutBeforeLast(xml, '</message:StructureSpecificData'), undefined, flow, 'en'),
    ).rejects.toThrow(unavailable);
  });

  it('refuses SDMX-ML generic and time-series data cut at an element boundary', async () => {
    for (const [file, marker] of [
      [`${SAMPLES}/ng-ts.xml`, '<generic:Obs>'],
      ['sdmx-test-data/other/IMF_PCPS_structurespecific_timeseries.xml', '<Obs '],
      ['sdmx-test-data/ecb/data_M.USD.EUR.SP00.A_generic.xml', '</generic:Series>'],
    ] as const) {
      const cut = cutBeforeLast(recorded(file), marker);
      await expect(parseDataMessage(cut, 'application/xml', null, 'en'), file).rejects.toThrow(unavailable);
    }
  });

  it('refuses SDMX-JSON data and CSV cut in transit', async () => {
    const json = recorded(`${SAMPLES}/sdmxjson2_exr-flat.json`);
    await expect(
      parseDataMessage(json.slice(0, json.length / 2), 'application/json', null, 'en'),
    ).rejects.toThrow(unavailable);
    const csv = recorded('bis/data_sdmxcsv1.csv');
    const lastLine = csv.trimEnd().lastIndexOf('\n');
    // A last line cut short of its fields.
    await expect(
      parseDataMessage(csv.slice(0, lastLine + 20), 'text/csv', await bis(), 'en'),
    ).rejects.toThrow(unavailable);
  });

  it('refuses structure messages cut in transit, in SDMX-ML and SDMX-JSON', async () => {
    const xml = recorded('bis/datastructure_descendants.xml');
    await expect(parseStructureAnswer(cutBeforeLast(xml, '<str:Code '), 'application/xml')).rejects.toThrow(
      unavailable,
    );
    const json = recorded('bis/structure_sdmxjson2.json');
    await expect(parseStructureAnswer(cutBeforeLast(json, '"id"'), 'application/json')).rejects.toThrow(
      unavailable,
    );
  });

  it('tells a cut from JSON and CSV that hold brackets, quotes and line breaks in strings', () => {
    expect(jsonCutOff('{"a": "}"}')).toBe(false);
    expect(jsonCutOff('{"a": "}\\"')).toBe(true);
    expect(csvCutOff('A,B\n"x\ny",2')).toBe(false);
    expect(csvCutOff('A,B\n"x\ny')).toBe(true);
  });
});
