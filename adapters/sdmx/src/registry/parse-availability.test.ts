import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recorded } from '../messages/recorded-messages.test-support.js';
import { parseStructureMessage } from './parse-structure-message.js';

describe('availability answers read as Actual constraints', () => {
  let fixture: SdmxFixture;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
  });
  afterAll(() => fixture.close());

  it('reads the fixture availability answer with the codes, period range and count of the rows it covers', async () => {
    const url = `${fixture.url}/availableconstraint/UNICEF,CME,1.0/USA+BRA.CME_MRY0T4.._T?startPeriod=2018&endPeriod=2023`;
    const [constraint] = (await parseStructureMessage(await (await fetch(url)).text())).constraints;
    // Counted independently from the recorded CSV the fixture answers from.
    const rows = recorded('unicef/data/CME_MRY0T4_multi_2018_2023.csv')
      .trim()
      .split('\n')
      .slice(1)
      .filter((line) => /^(USA|BRA),/.test(line));
    expect(constraint).toMatchObject({
      type: 'Actual',
      dataflows: ['CME'],
      observationCount: rows.length,
      timeRange: { start: '2018', end: '2023' },
    });
    expect(constraint?.included.REF_AREA?.sort()).toEqual(['BRA', 'USA']);
    expect(constraint?.included.SEX?.sort()).toEqual(['F', 'M', '_T']);
  });
});
