import { describe, expect, it } from 'vitest';
import type { FlowStructure } from '../registry/flow-structure.js';
import type { Observation } from './observation.js';
import { parseDataMessage } from './parse-data-message.js';
import { recorded, recordedDsd, recordedFlow } from './recorded-messages.test-support.js';

const SAMPLES = 'sdmx-test-data/samples';

/** Every observation whole, keyed by series and period, in key order (the formats order them differently). */
async function observationsOf(
  file: string,
  structure: FlowStructure | null,
): Promise<Array<[string, Observation]>> {
  const parsed = await parseDataMessage(recorded(file), undefined, structure, 'en');
  const keyed = parsed.observations.map((o): [string, Observation] => [
    `${o.series_key}@${o.time_period}`,
    o,
  ]);
  return keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** All files read to the same observations, field by field (attributes in whatever order the layout gives). */
async function expectAgree(files: string[], structure: FlowStructure | null): Promise<number> {
  const [first = '', ...others] = files;
  const reference = await observationsOf(first, structure);
  expect(new Set(reference.map(([key]) => key)).size, first).toBe(reference.length);
  for (const file of others) {
    const read = await observationsOf(file, structure);
    expect(read.length, file).toBe(reference.length);
    read.forEach(([key, o], i) => {
      const [wantKey, want] = reference[i] ?? ['', undefined];
      expect(key, `${file} #${i}`).toBe(wantKey);
      expect(o, `${file} ${key}`).toStrictEqual(want);
    });
  }
  return reference.length;
}

describe('the formats of the same recorded data read to the same observations', () => {
  it('BIS: SDMX-ML structure-specific and SDMX-CSV 1.0, all 1,000 observations whole', async () => {
    const structure = await recordedFlow('bis/datastructure_descendants.xml', 'WEBSTATS_DER_DATAFLOW');
    const count = await expectAgree(['bis/data_structurespecific.xml', 'bis/data_sdmxcsv1.csv'], structure);
    expect(count).toBe(1000);
  });

  it('ECB EXR: SDMX-ML generic (flat and time series) and structure-specific time series', async () => {
    const structure = await recordedDsd(`${SAMPLES}/ng-structure-full.xml`, 'ECB_EXR_NG');
    const files = ['ng-flat.xml', 'ng-ts.xml', 'ng-ts-ss.xml'].map((f) => `${SAMPLES}/${f}`);
    expect(await expectAgree(files, structure)).toBeGreaterThan(0);
  });

  it('ECB EXR: SDMX-JSON 1.0 and 2.0, flat, by series and by cross-section', async () => {
    const files = [
      'sdmxjson1_flat.json',
      'sdmxjson1_ts.json',
      'sdmxjson1_xs.json',
      'sdmxjson2_exr-flat.json',
      'sdmxjson2_exr-time-series.json',
      'sdmxjson2_exr-cross-section.json',
    ].map((f) => `${SAMPLES}/${f}`);
    expect(await expectAgree(files, null)).toBeGreaterThan(0);
  });
});
