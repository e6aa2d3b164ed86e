import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { describe, expect, it } from 'vitest';
import { recorded } from '../messages/recorded-messages.test-support.js';
import { parseStructureMessage } from './parse-structure-message.js';
import type { HierarchyNode } from './structure-types.js';
import { xmlFiles } from './xml-files.test-support.js';

const TEST_DATA = 'sdmx-test-data';

/** A hierarchy as nested code ids, for comparing shapes. */
function shape(nodes: HierarchyNode[]): unknown[] {
  return nodes.map((n) => (n.children.length ? { [n.code]: shape(n.children) } : n.code));
}

describe('parseStructureMessage on real registry messages', () => {
  it('reads UNICEF CME: 23 code lists, parent links of areas, the Allowed constraint', async () => {
    const message = await parseStructureMessage(recorded('unicef/dataflow_CME_references_all.xml'));
    expect(message.format).toBe('sdmx-ml-2.1');
    expect(message.codelists).toHaveLength(23);
    expect(message.dataStructures[0]?.dimensions.map((d) => d.id)).toEqual([
      'REF_AREA',
      'INDICATOR',
      'SEX',
      'WEALTH_QUINTILE',
    ]);
    const areas = message.codelists.find((c) => c.id === 'CL_COUNTRY');
    const esaro = areas?.codes.find((c) => c.id === 'UNICEF_ESARO');
    expect(esaro?.parent).toBe('UNICEF_PROG_REG_GLOBAL');
    expect(areas?.codes.filter((c) => c.parent !== null).length).toBeGreaterThan(100);
    expect(areas?.annotations?.some((a) => a.id === 'parentCodesHaveData')).toBe(true);
    const allowed = message.constraints.find((c) => c.type === 'Allowed');
    expect(allowed?.dataflows).toContain('CME');
    // Attributes say where they attach: observation level or a set of dimensions.
    const attachments = message.dataStructures[0]?.attributes.map((a) => a.attachment) ?? [];
    expect(attachments.some((a) => a === 'observation' || Array.isArray(a))).toBe(true);
  });

  it('reads ECB EXR (references=all): categorisation of the flow and the Allowed cube region', async () => {
    const message = await parseStructureMessage(recorded(`${TEST_DATA}/ecb/dataflow_EXR_references_all.xml`));
    expect(message.categorisations).toEqual([
      {
        id: '53A341E8-D48B-767E-D5FF-E2E3E0E2BB19',
        source: { agency: 'ECB', id: 'EXR', version: '1.0', kind: 'Dataflow' },
        scheme: { agency: 'ECB', id: 'MOBILE_NAVI', version: '1.0' },
        categoryPath: ['07'],
      },
    ]);
    const constraint = message.constraints.find((c) => c.id === 'EXR_CONSTRAINTS');
    expect(constraint?.type).toBe('Allowed');
    expect(constraint?.included.EXR_TYPE).toContain('SP00');
    expect(constraint?.dataflows).toEqual(['EXR']);
  });

  it('reads SDMX-ML 3.0: URN references, the measure list, attribute relationships, dataflow structure', async () => {
    const message = await parseStructureMessage(recorded(`${TEST_DATA}/samples/sdmxml30_ECB_EXR1.xml`));
    expect(message.format).toBe('sdmx-ml-3.0');
    const dsd = message.dataStructures[0];
    expect(dsd?.dimensions.map((d) => d.id)).toEqual([
      'FREQ',
      'CURRENCY',
      'CURRENCY_DENOM',
      'EXR_TYPE',
      'EXR_SUFFIX',
    ]);
    expect(dsd?.dimensions[0]?.codelist).toEqual({ agency: 'ECB', id: 'CL_FREQ', version: '1.0' });
    expect(dsd?.dimensions[0]?.concept).toEqual({
      scheme: 'ECB_CONCEPTS',
      id: 'FREQ',
      agency: 'ECB',
      version: '1.0',
    });
    expect(dsd?.timeDimension?.id).toBe('TIME_PERIOD');
    expect(dsd?.measures?.map((m) => m.id)).toEqual(['OBS_VALUE']);
    expect(dsd?.measure?.id).toBe('OBS_VALUE');
    const timeFormat = dsd?.attributes.find((a) => a.id === 'TIME_FORMAT');
    expect(timeFormat?.attachment).toEqual(['FREQ', 'CURRENCY', 'CURRENCY_DENOM', 'EXR_TYPE', 'EXR_SUFFIX']);
    expect(timeFormat?.assignmentStatus).toBe('mandatory');
    const imf = await parseStructureMessage(recorded(`${TEST_DATA}/other/IMF_01R.xml`));
    expect(imf.dataflows[0]?.structure).toEqual({ agency: 'IMF', id: 'ECOFIN_DSD', version: '1.0' });
  });

  it('reads hierarchies: 2.1 hierarchical code lists and 3.0 hierarchies, nested', async () => {
    const imf = await parseStructureMessage(recorded(`${TEST_DATA}/hcl/IMF_hierarchicalcodelist-0.xml`));
    const tst = imf.hierarchies?.[0];
    expect(tst?.hcl).toBe('TST');
    expect(tst?.roots[0]?.code).toBe('1C');
    expect(tst?.roots[0]?.codelist).toEqual({ agency: 'IMF', id: 'CL_REF_AREA', version: '1.0' });
    expect(shape(tst?.roots ?? [])[0]).toMatchObject({
      '1C': expect.arrayContaining([{ XR24: ['CN'] }, { XR29: ['US', 'GB'] }]),
    });
    const area = await parseStructureMessage(recorded(`${TEST_DATA}/hcl/SDMX_HCL_TEST_AREA.xml`));
    expect(area.hierarchies?.[0]?.hcl).toBeNull();
    expect(shape(area.hierarchies?.[0]?.roots ?? [])).toEqual([
      { '4D': ['B05', 'B06', 'B06_09'] },
      { '1B': ['C262', 'C26', 'C25'] },
    ]);
    expect(area.hierarchies?.[0]?.roots[0]?.codelist).toEqual({
      agency: 'ESTAT',
      id: 'CL_AREA',
      version: '1.8',
    });
    // The same ESTAT hierarchy in both versions names the same codes.
    const v21 = await parseStructureMessage(recorded(`${TEST_DATA}/hcl/SGR_hierarchicalcodelist-0.xml`));
    const v30 = await parseStructureMessage(recorded(`${TEST_DATA}/hcl/ESTAT_HCL_WSTATUS_SCL_BNSPART.xml`));
    const codes = (m: typeof v21) =>
      m.hierarchies?.find((h) => h.id === 'HCL_WSTATUS_SCL_BNSPART')?.roots.map((r) => r.code);
    expect(codes(v30)).toEqual(codes(v21));
    expect(codes(v30)).toContain('TOTAL');
  });

  it('reads Actual constraints and availability answers of .Stat, BIS, IMF and ISTAT registries', async () => {
    const spc = await parseStructureMessage(
      recorded('mcp-gateway/SPC_availableconstraint_DF_COMMODITY_PRICES.xml'),
    );
    expect(spc.constraints[0]).toMatchObject({
      type: 'Actual',
      dataflows: ['DF_COMMODITY_PRICES'],
      included: { FREQ: ['M'], COMMODITY: ['GOLD'], INDICATOR: ['COMPRICE'] },
      timeRange: { start: '1960-01-01T00:00:00', end: '2025-07-31T00:00:00' },
      observationCount: 787,
    });
    for (const [file, flow] of [
      ['BIS_actualconstraint_CBP_D_24D.xml', 'WS_CBPOL_D'],
      ['OECD_actualconstraint-0.xml', 'DSD_DEBT_TRANS_COLL@DF_MICRO'],
      ['ISTAT_actualconstraint-0.xml', '92_143'],
      ['SPC_actualconstraint_CR_A_DF_ADBKI.xml', 'DF_ADBKI'],
    ]) {
      const [constraint] = (await parseStructureMessage(recorded(`${TEST_DATA}/constraints/${file}`)))
        .constraints;
      expect(constraint?.type, file).toBe('Actual');
      expect(constraint?.dataflows, file).toEqual([flow]);
      expect(Object.keys(constraint?.included ?? {}).length, file).toBeGreaterThan(0);
    }
    const imf = await parseStructureMessage(
      recorded(`${TEST_DATA}/constraints/IMF_STA_availableconstraint_CPI.xml`),
    );
    expect(Object.keys(imf.constraints[0]?.included ?? {}).sort()).toEqual([
      'COUNTRY',
      'FREQUENCY',
      'INDICATOR',
    ]);
  });

  it('reads category schemes with nested categories (a hand-written message: no recording holds one)', async () => {
    const message = await parseStructureMessage(`<?xml version="1.0"?>
<mes:Structure xmlns:mes="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message" xmlns:str="s" xmlns:com="c">
<mes:Header><mes:Prepared>2026-01-01T00:00:00Z</mes:Prepared></mes:Header><mes:Structures>
<str:CategorySchemes><str:CategoryScheme agencyID="A" id="TOPICS" version="1.0"><com:Name xml:lang="en">Topics</com:Name>
<str:Category id="ECO"><com:Name xml:lang="en">Economy</com:Name>
<str:Category id="EXR"><com:Name xml:lang="en">Exchange rates</com:Name></str:Category></str:Category>
<str:Category id="HEA"><com:Name xml:lang="en">Health</com:Name></str:Category>
</str:CategoryScheme></str:CategorySchemes>
<str:Categorisations><str:Categorisation id="C1"><str:Source><Ref agencyID="A" id="F" version="1.0" class="Dataflow"/></str:Source>
<str:Target><Ref agencyID="A" maintainableParentID="TOPICS" maintainableParentVersion="1.0" id="ECO.EXR" class="Category"/></str:Target></str:Categorisation></str:Categorisations>
</mes:Structures></mes:Structure>`);
    expect(message.categorySchemes?.[0]?.categories.map((c) => [c.id, c.path])).toEqual([
      ['ECO', []],
      ['EXR', ['ECO']],
      ['HEA', []],
    ]);
    expect(message.categorisations?.[0]?.categoryPath).toEqual(['ECO', 'EXR']);
    expect(message.categorisations?.[0]?.scheme.id).toBe('TOPICS');
  });

  it('reads every recording alike from the bytes a registry sends and from text, a byte-order mark before them or not', async () => {
    const outcome = async (message: string | Uint8Array) => {
      try {
        return JSON.stringify(await parseStructureMessage(message));
      } catch (error) {
        return `refused: ${(error as { code?: string }).code}`;
      }
    };
    let structures = 0;
    for (const file of xmlFiles(SDMX_FIXTURE_DATA_DIR)) {
      const text = recorded(file);
      const expected = await outcome(text);
      if (!expected.startsWith('refused')) structures++;
      const bytes = new TextEncoder().encode(text);
      expect(await outcome(bytes), file).toBe(expected);
      expect(await outcome(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])), file).toBe(expected);
    }
    expect(structures).toBeGreaterThan(10);
  });
});
