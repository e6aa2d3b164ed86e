import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { CodeReader } from '../registry/code-reader.js';
import { CodeTableBuilder } from '../registry/code-table-builder.js';
import { parseStructureMessage, StructureMessageHandler } from '../registry/parse-structure-message.js';
import { CsvColumnCells } from './csv-cells.js';
import { ObservationLayout } from './observation-layout.js';
import { parseDataMessage } from './parse-data-message.js';
import { recorded, recordedFlow } from './recorded-messages.test-support.js';
import { StructureSpecificReader } from './structure-specific-reader.js';

// V8's own hooks, reachable once its natives syntax is allowed: whether a function runs optimized
// code, and a request to optimize it on its next call.
setFlagsFromString('--allow-natives-syntax');
setFlagsFromString('--expose-gc');
const natives = (body: string) => new Function('f', body) as (f: unknown) => number;
const status = natives('return %GetOptimizationStatus(f)');
const prepare = natives('%PrepareFunctionForOptimization(f)');
const optimizeNext = natives('%OptimizeFunctionOnNextCall(f)');
const neverOptimize = natives('%NeverOptimizeFunction(f)');
const gc = runInNewContext('gc') as () => void;
/** The bit of the status that says the function runs optimized code (V8's `kOptimized`). */
const OPTIMIZED = 1 << 4;
const optimized = (f: unknown) => (status(f) & OPTIMIZED) !== 0;

/**
 * Reads a message until `hot` runs optimized code, drops what was read, collects all garbage
 * twice (V8 keeps a dead layout through one or two collections), and says whether `hot` still
 * runs optimized code: it does not when that code was built on an object layout that died with the
 * message.
 */
async function optimizedAfterCollection(read: () => Promise<unknown>, hot: unknown): Promise<boolean> {
  for (let i = 0; i < 3; i++) await read();
  prepare(hot);
  await read();
  optimizeNext(hot);
  await read();
  if (!optimized(hot)) throw new Error(`not optimized to begin with (status ${status(hot).toString(2)})`);
  for (let i = 0; i < 3; i++) gc();
  return optimized(hot);
}

describe('optimized parsing code outlives each message', () => {
  it('SDMX-ML structure-specific data: the reader and the parser keep their code', async () => {
    const structure = await recordedFlow('bis/datastructure_descendants.xml', 'WEBSTATS_DER_DATAFLOW', 'BIS');
    const body = recorded('bis/data_structurespecific.xml');
    const read = () => parseDataMessage(body, 'application/xml', structure, 'en');
    expect(await optimizedAfterCollection(read, StructureSpecificReader.prototype.open)).toBe(true);
    // A private method of saxes: where it opens a tag, on the tag layout kept for it.
    const { openTag } = SaxesParser.prototype as unknown as { openTag: unknown };
    expect(await optimizedAfterCollection(read, openTag)).toBe(true);
  });

  it('SDMX-ML structure: the code reader keeps its code', async () => {
    const body = recorded('unicef/dataflow_CME_references_all.xml');
    const read = () => parseStructureMessage(body);
    // The reader's caller, the message handler, is kept unoptimized: once optimized it may inline
    // the reader's `open`, whose own code is then never entered, so never optimized to check.
    neverOptimize(StructureMessageHandler.prototype.open);
    expect(await optimizedAfterCollection(read, CodeReader.prototype.open)).toBe(true);
    expect(await optimizedAfterCollection(read, CodeTableBuilder.prototype.finish)).toBe(true);
  });

  it('SDMX-CSV: the column cells keep their code', async () => {
    const structure = await recordedFlow('bis/datastructure_descendants.xml', 'WEBSTATS_DER_DATAFLOW', 'BIS');
    const body = recorded('bis/data_sdmxcsv1.csv');
    const read = () => parseDataMessage(body, 'text/csv', structure, 'en');
    expect(await optimizedAfterCollection(read, CsvColumnCells.prototype.read)).toBe(true);
  });

  it('SDMX-JSON: the observation layout keeps its code', async () => {
    const body = recorded('sdmx-test-data/samples/sdmxjson1_ts.json');
    const read = () => parseDataMessage(body, 'application/json', null, 'en');
    expect(await optimizedAfterCollection(read, ObservationLayout.prototype.build)).toBe(true);
  });
});
