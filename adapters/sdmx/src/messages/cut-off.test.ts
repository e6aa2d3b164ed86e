import { describe, expect, it } from 'vitest';
import { parseStructureAnswer } from '../registry/parse-structure-answer.js';
import { csvCutOff } from './csv-cut-off.js';
import { jsonCutOff } from './json-cut-off.js';
import { parseDataMessage } from './parse-data-message.js';
import { recorded, recordedFlow } from './recorded-messages.test-support.js';
import { xmlCutOff } from './xml-cut-off.js';

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
  it('reads the complete recordings as complete', () => {
    for (const file of [
      'bis/data_structurespecific.xml',
      'bis/datastructure_descendants.xml',
      `${SAMPLES}/ng-ts.xml`,
    ])
      expect(xmlCutOff(recorded(file)), file).toBe(false);
    for (const file of [`${SAMPLES}/sdmxjson2_exr-flat.json`, 'bis/structure_sdmxjson2.json'])
      expect(jsonCutOff(recorded(file)), file).toBe(false);
    for (const file of ['bis/data_sdmxcsv1.csv', `${SAMPLES}/sdmxcsv2_example-01.csv`])
      expect(csvCutOff(recorded(file)), file).toBe(false);
    expect(csvCutOff(recorded('bis/data_sdmxcsv1.csv').trimEnd())).toBe(false);
  });

  it('refuses the BIS data message cut before its last observation, instead of 999 of 1,000', () => {
    const xml = recorded('bis/data_structurespecific.xml');
    expect(parseDataMessage(xml, undefined, bis(), 'en').observations).toHaveLength(1000);
    const cut = cutBeforeLast(xml, '<Obs ');
    expect(xmlCutOff(cut)).toBe(true);
    expect(() => parseDataMessage(cut, undefined, bis(), 'en')).toThrow(unavailable);
    // Cut inside the closing tag of the root, or with only the root left open.
    expect(() => parseDataMessage(xml.trimEnd().slice(0, -3), undefined, bis(), 'en')).toThrow(unavailable);
    expect(() =>
      parseDataMessage(cutBeforeLast(xml, '</message:StructureSpecificData'), undefined, bis(), 'en'),
    ).toThrow(unavailable);
  });

  it('refuses SDMX-ML generic and time-series data cut at an element boundary', () => {
    for (const [file, marker] of [
      [`${SAMPLES}/ng-ts.xml`, '<generic:Obs>'],
      ['sdmx-test-data/other/IMF_PCPS_structurespecific_timeseries.xml', '<Obs '],
      ['sdmx-test-data/ecb/data_M.USD.EUR.SP00.A_generic.xml', '</generic:Series>'],
    ] as const) {
      const cut = cutBeforeLast(recorded(file), marker);
      expect(() => parseDataMessage(cut, 'application/xml', null, 'en'), file).toThrow(unavailable);
    }
  });

  it('refuses SDMX-JSON data and CSV cut in transit', () => {
    const json = recorded(`${SAMPLES}/sdmxjson2_exr-flat.json`);
    expect(() => parseDataMessage(json.slice(0, json.length / 2), 'application/json', null, 'en')).toThrow(
      unavailable,
    );
    const csv = recorded('bis/data_sdmxcsv1.csv');
    const lastLine = csv.trimEnd().lastIndexOf('\n');
    // A last line cut short of its fields.
    expect(() => parseDataMessage(csv.slice(0, lastLine + 20), 'text/csv', bis(), 'en')).toThrow(unavailable);
  });

  it('refuses structure messages cut in transit, in SDMX-ML and SDMX-JSON', () => {
    const xml = recorded('bis/datastructure_descendants.xml');
    expect(() => parseStructureAnswer(cutBeforeLast(xml, '<str:Code '), 'application/xml')).toThrow(
      unavailable,
    );
    const json = recorded('bis/structure_sdmxjson2.json');
    expect(() => parseStructureAnswer(cutBeforeLast(json, '"id"'), 'application/json')).toThrow(unavailable);
  });

  it('tells a cut from markup inside comments, CDATA, quoted attributes and self-closed elements', () => {
    expect(xmlCutOff('<?xml version="1.0"?><!-- <a> --><r a="x>y"><![CDATA[<b>]]><e/></r>')).toBe(false);
    expect(xmlCutOff('<?xml version="1.0"?><r><!-- <a> ')).toBe(true);
    expect(xmlCutOff('<?xml version="1.0"?><r a="x>')).toBe(true);
    expect(xmlCutOff('<?xml version="1.0"?>')).toBe(true);
    expect(xmlCutOff('not xml')).toBe(false);
    expect(jsonCutOff('{"a": "}"}')).toBe(false);
    expect(jsonCutOff('{"a": "}\\"')).toBe(true);
    expect(csvCutOff('A,B\n"x\ny",2')).toBe(false);
    expect(csvCutOff('A,B\n"x\ny')).toBe(true);
  });
});
