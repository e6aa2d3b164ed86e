import { describe, expect, it } from 'vitest';
import { parseStructureMessage } from './parse-structure-message.js';

const MESSAGE = `<?xml version="1.0"?><mes:Structure xmlns:mes="m" xmlns:str="s" xmlns:com="c">
<mes:Header><mes:Prepared>2026-01-02T03:04:05Z</mes:Prepared></mes:Header><mes:Structures>
<str:Codelists><str:Codelist agencyID="A" id="CL_AREA" version="1.0"><com:Name xml:lang="en">Areas</com:Name>
<str:Code id="EU"><com:Name xml:lang="de">Europa</com:Name><com:Name xml:lang="en">Europe</com:Name></str:Code>
<str:Code id="CH"><com:Name xml:lang="en">Switzerland &amp; Liechtenstein</com:Name><str:Parent><Ref id="EU"/></str:Parent></str:Code>
</str:Codelist></str:Codelists>
<str:Constraints><str:ContentConstraint id="C1" type="Actual"><str:ConstraintAttachment><str:Dataflow><Ref id="F"/></str:Dataflow></str:ConstraintAttachment>
<str:CubeRegion include="true"><com:KeyValue id="AREA"><com:Value>CH</com:Value></com:KeyValue></str:CubeRegion>
<str:CubeRegion include="false"><com:KeyValue id="AREA"><com:Value>EU</com:Value></com:KeyValue></str:CubeRegion>
</str:ContentConstraint></str:Constraints></mes:Structures></mes:Structure>`;

describe('parseStructureMessage', () => {
  it('reads code lists with parents and names in every language, and included and excluded cube regions', () => {
    const message = parseStructureMessage(MESSAGE);
    expect(message.prepared).toBe('2026-01-02T03:04:05Z');
    const [codelist] = message.codelists;
    expect(codelist?.codes).toEqual([
      {
        id: 'EU',
        names: [
          { lang: 'de', value: 'Europa' },
          { lang: 'en', value: 'Europe' },
        ],
        parent: null,
      },
      { id: 'CH', names: [{ lang: 'en', value: 'Switzerland & Liechtenstein' }], parent: 'EU' },
    ]);
    expect(message.constraints).toEqual([
      {
        id: 'C1',
        agency: null,
        type: 'Actual',
        dataflows: ['F'],
        included: { AREA: ['CH'] },
        excluded: { AREA: ['EU'] },
        timeRange: null,
        keys: [],
        observationCount: null,
        seriesCount: null,
      },
    ]);
  });

  it('refuses what is not a structure message, and does not expand external entities', () => {
    for (const text of ['<html><body>busy</body></html>', '{"data":1}']) {
      expect(() => parseStructureMessage(text)).toThrow(expect.objectContaining({ code: 'upstream_error' }));
    }
    expect(() => parseStructureMessage('<mes:Structure><mes:Hea')).toThrow(
      expect.objectContaining({ code: 'upstream_unavailable' }),
    );
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Structure><Header/><Structures><Codelists><Codelist id="L"><Code id="A"><Name>&e;</Name></Code></Codelist></Codelists></Structures></Structure>`;
    let text = '';
    try {
      text = JSON.stringify(parseStructureMessage(xxe));
    } catch {
      text = '';
    }
    expect(text).not.toContain('root:');
  });
});
