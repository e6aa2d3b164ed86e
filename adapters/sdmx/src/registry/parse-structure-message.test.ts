import { describe, expect, it } from 'vitest';
import { recorded } from '../messages/recorded-messages.test-support.js';
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
  it('reads code lists with parents and names in every language, and included and excluded cube regions', async () => {
    const message = await parseStructureMessage(MESSAGE);
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

  it('reads a pretty-printed message as the same message written on one line', async () => {
    const pretty = MESSAGE.replace(/>\s*</g, '>\n      <');
    expect(pretty).not.toBe(MESSAGE);
    const [indented, compact] = await Promise.all([
      parseStructureMessage(pretty),
      parseStructureMessage(MESSAGE),
    ]);
    expect(JSON.parse(JSON.stringify(indented))).toEqual(JSON.parse(JSON.stringify(compact)));
    expect(indented.codelists[0]?.codes).toHaveLength(2);
  });

  it('refuses what is not a structure message, and does not expand external entities', async () => {
    for (const text of [
      '<html><body>busy</body></html>',
      '{"data":1}',
      '',
      '<mes:Structure><mes:Header/></mes:Structure>junk',
    ]) {
      await expect(parseStructureMessage(text)).rejects.toThrow(
        expect.objectContaining({ code: 'upstream_error' }),
      );
    }
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Structure><Header/><Structures><Codelists><Codelist id="L"><Code id="A"><Name>&e;</Name></Code></Codelist></Codelists></Structures></Structure>`;
    let text = '';
    try {
      text = JSON.stringify(await parseStructureMessage(xxe));
    } catch {
      text = '';
    }
    expect(text).not.toContain('root:');
  });

  it('fails a structure message cut off at any element boundary as retryable upstream_unavailable', async () => {
    const ecb = recorded('sdmx-test-data/ecb/dataflow_EXR_references_all.xml');
    const ends = [...ecb.matchAll(/>/g)].map((m) => (m.index ?? 0) + 1);
    const cuts = [ends[2], ends[Math.floor(ends.length / 3)], ends[ends.length - 2], ecb.lastIndexOf('</')];
    for (const [text, at] of [
      ...cuts.map((cut) => [ecb, cut] as const),
      [MESSAGE, MESSAGE.length - 5] as const,
      ['<mes:Structure><mes:Hea', 23] as const,
    ]) {
      await expect(parseStructureMessage(text.slice(0, at)), `${at}`).rejects.toThrow(
        expect.objectContaining({
          code: 'upstream_unavailable',
          retryable: true,
          message: expect.stringMatching(/cut off/),
        }),
      );
    }
  });
});
