import { isOpenDataError } from '@opendata-mcp/core';
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDataMessage } from './messages/parse-data-message.js';
import { recorded } from './messages/recorded-messages.test-support.js';
import { parseStructureAnswer } from './registry/parse-structure-answer.js';

const S = 'sdmx-test-data';

/**
 * Recorded messages in every format whose end can be told (SDMX-ML, SDMX-JSON). SDMX-CSV has no
 * end marker: a cut just after a line break, or inside the last field, is complete CSV.
 */
const DATA = [
  `${S}/samples/ng-flat.xml`,
  `${S}/samples/ng-ts.xml`,
  `${S}/samples/ng-ts-ss.xml`,
  `${S}/other/IMF_PCPS_structurespecific_timeseries.xml`,
  `${S}/other/WB_WITS_generic_gh-78.xml`,
  `${S}/ecb/data_M.USD.EUR.SP00.A_generic.xml`,
  `${S}/samples/sdmxjson1_ts.json`,
  `${S}/samples/sdmxjson2_exr-flat.json`,
  `${S}/samples/sdmxjson2_agri.json`,
];
const STRUCTURE = [
  `${S}/samples/ng-structure-full.xml`,
  `${S}/samples/sdmxml30_ECB_EXR1.xml`,
  `${S}/constraints/OECD_actualconstraint-0.xml`,
  `${S}/hcl/SGR_hierarchicalcodelist-0.xml`,
  'unicef/dataflows_UNICEF.xml',
  'bis/structure_sdmxjson2.json',
];

type Read = (text: string) => Promise<unknown>;
const readData: Read = (text) => parseDataMessage(text, undefined, null, 'en');
const readStructure: Read = (text) => parseStructureAnswer(text);

/** What a reader makes of a text: its answer, or the code of the error it refuses it with. */
async function outcome(read: Read, text: string): Promise<{ answer: unknown } | { code: string }> {
  try {
    return { answer: await read(text) };
  } catch (error) {
    if (!isOpenDataError(error)) throw error;
    return { code: error.code };
  }
}

/** A recording and an offset to cut it at: anywhere, or just before or after a markup boundary. */
function cuts(files: string[]) {
  return fc.constantFrom(...files).chain((file) => {
    const text = recorded(file);
    const boundaries = [...text.matchAll(/[<>{}[\]\n]/g)].map((m) => m.index);
    return fc.tuple(
      fc.constant(file),
      fc.oneof(
        fc.nat(text.length - 1),
        fc.constantFrom(...boundaries),
        fc.constantFrom(...boundaries).map((at) => at + 1),
      ),
    );
  });
}

async function property(read: Read, files: string[]) {
  const whole = new Map(
    await Promise.all(files.map(async (file) => [file, await read(recorded(file))] as const)),
  );
  return fc.asyncProperty(cuts(files), async ([file, at]) => {
    const text = recorded(file);
    const cut = await outcome(read, text.slice(0, Math.min(at, text.length - 1)));
    // An error, or (when only trailing white space was lost) the complete answer; never a shorter one.
    if ('answer' in cut) expect(cut.answer).toEqual(whole.get(file));
    else expect(['upstream_unavailable', 'upstream_error']).toContain(cut.code);
  });
}

describe('SDMX messages cut at any offset, fuzzed', () => {
  it(
    'read data messages to an error or to the complete answer',
    async () => fc.assert(await property(readData, DATA), fuzzParameters(150)),
    fuzzTimeout(60_000),
  );

  it(
    'read structure messages to an error or to the complete answer',
    async () => fc.assert(await property(readStructure, STRUCTURE), fuzzParameters(100)),
    fuzzTimeout(60_000),
  );
});
