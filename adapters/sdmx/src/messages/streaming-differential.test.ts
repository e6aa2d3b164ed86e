import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { describe, expect, it } from 'vitest';
import { parseStructureMessage } from '../registry/parse-structure-message.js';
import { treeParseStructureMessage } from '../registry/tree-parse-structure-message.js';
import { dataContext } from './data-context.js';
import { parseDataXml } from './parse-data-xml.js';
import { recorded, recordedDsd, recordedFlow } from './recorded-messages.test-support.js';
import { treeParseDataXml } from './tree-parse-data-xml.js';

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return xmlFiles(path);
    return name.endsWith('.xml') ? [relative(SDMX_FIXTURE_DATA_DIR, path)] : [];
  });
}

describe('streaming SDMX-ML parsers against the tree parsers', () => {
  it('read every recorded SDMX-ML message alike', async () => {
    const files = xmlFiles(SDMX_FIXTURE_DATA_DIR);
    expect(files.length).toBeGreaterThan(20);
    const structures = {
      'bis/data_structurespecific.xml': await recordedFlow(
        'bis/datastructure_descendants.xml',
        'WEBSTATS_DER_DATAFLOW',
      ),
      'sdmx-test-data/ecb/data_M.USD.EUR.SP00.A_generic.xml': await recordedFlow(
        'sdmx-test-data/ecb/dataflow_EXR_references_all.xml',
        'EXR',
        'ECB',
      ),
      'sdmx-test-data/samples/ng-flat.xml': await recordedDsd(
        'sdmx-test-data/samples/ng-structure-full.xml',
        'ECB_EXR_NG',
      ),
      'sdmx-test-data/samples/ng-ts.xml': await recordedDsd(
        'sdmx-test-data/samples/ng-structure-full.xml',
        'ECB_EXR_NG',
      ),
      'sdmx-test-data/samples/ng-ts-ss.xml': await recordedDsd(
        'sdmx-test-data/samples/ng-structure-full.xml',
        'ECB_EXR_NG',
      ),
      'unicef/availability/CME_serieskeysonly.xml': await recordedFlow(
        'unicef/dataflow_CME_references_all.xml',
        'CME',
        'UNICEF',
      ),
    } as Record<string, Awaited<ReturnType<typeof recordedFlow>>>;
    let data = 0;
    for (const file of files) {
      const xml = recorded(file);
      if (/^<([\w]+:)?Structure[\s>]/.test(xml.slice(xml.search(/<[^?!]/)))) {
        expect(await parseStructureMessage(xml), file).toEqual(treeParseStructureMessage(xml));
        continue;
      }
      data++;
      for (const structure of [null, structures[file] ?? null]) {
        const ctx = () => dataContext(structure, 'en');
        expect(await parseDataXml(xml, ctx()), file).toEqual(treeParseDataXml(xml, ctx()));
      }
    }
    expect(data).toBeGreaterThan(8);
  });
});
