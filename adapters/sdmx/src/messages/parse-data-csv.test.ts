import { describe, expect, it } from 'vitest';
import type { FlowComponent, FlowStructure } from '../registry/flow-structure.js';
import { parseDataMessage } from './parse-data-message.js';

function component(id: string, codes: Array<[string, string]> = []): FlowComponent {
  return {
    id,
    position: null,
    name: id,
    codelistRef: null,
    codelist: codes.length
      ? {
          agency: 'X',
          id: `CL_${id}`,
          version: '1.0',
          names: [],
          codes: codes.map(([code, name]) => ({
            id: code,
            names: [{ lang: 'en', value: name }],
            parent: null,
          })),
        }
      : null,
    assignmentStatus: null,
    allowed: null,
    available: null,
  };
}

const structure = {
  dimensions: [component('REF_AREA', [['CH', 'Switzerland']]), component('SEX', [['F', 'Female']])],
  timeDimension: component('TIME_PERIOD'),
  measure: component('OBS_VALUE'),
  attributes: [component('OBS_STATUS', [['A', 'Normal value']])],
} as unknown as FlowStructure;

/** A CSV answer read the way a data query reads it, against the flow's structure. */
function parseCsv(text: string) {
  return parseDataMessage(text, 'text/csv', structure, 'en');
}

describe('CSV data answers', () => {
  it('reads strict SDMX-CSV 1.0 and labels codes from the code lists', async () => {
    const parsed = await parseCsv(
      'DATAFLOW,REF_AREA,SEX,TIME_PERIOD,OBS_VALUE,OBS_STATUS\nX:F(1.0),CH,F,2020,0.40,A\nX:F(1.0),CH,F,2021,,\n',
    );
    expect(parsed.dialect).toBe('sdmx-csv-1.0');
    expect(parsed.observations[0]).toEqual({
      series_key: 'CH.F',
      dimensions: { REF_AREA: { code: 'CH', label: 'Switzerland' }, SEX: { code: 'F', label: 'Female' } },
      time_period: '2020',
      obs_value: '0.40',
      value: 0.4,
      attributes: { OBS_STATUS: { code: 'A', label: 'Normal value' } },
    });
    expect(parsed.observations[1]).toMatchObject({ obs_value: null, value: null, attributes: {} });
  });

  it('takes labels from code-and-label columns and from "CODE: Label" cells', async () => {
    const pairs = await parseCsv('REF_AREA,Area,SEX,Sex,TIME_PERIOD,OBS_VALUE\nCH,Schweiz,F,Frau,2020,1e3\n');
    expect(pairs.dialect).toBe('code-label-columns');
    expect(pairs.observations[0]?.dimensions.REF_AREA).toEqual({ code: 'CH', label: 'Schweiz' });
    expect(pairs.observations[0]?.value).toBe(1000);
    const both = await parseCsv('REF_AREA: Area,SEX,TIME_PERIOD,OBS_VALUE\nCH: Suisse,F,2020,NaN\n');
    expect(both.observations[0]?.dimensions.REF_AREA).toEqual({ code: 'CH', label: 'Suisse' });
    expect(both.observations[0]).toMatchObject({ obs_value: 'NaN', value: null });
  });

  it('reads a CSV larger than a slice cut only between records, quoted line breaks and quotes included', async () => {
    // SYNTHETIC: 10,000 rows (about 420 KB, four slices), every third with a quoted status holding a line break and quotes.
    const rows = Array.from({ length: 10000 }, (_, i) => {
      const status = i % 3 === 0 ? `"A ""quoted""\nnote ${i}"` : 'A';
      return `X:F(1.0),CH,F,${2000 + (i % 20)}-${String(i).padStart(5, '0')},${i}.5,${status}`;
    });
    const text = `DATAFLOW,REF_AREA,SEX,TIME_PERIOD,OBS_VALUE,OBS_STATUS\n${rows.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(3 * 128 * 1024);
    const parsed = await parseCsv(text);
    expect(parsed.observations).toHaveLength(10000);
    parsed.observations.forEach((o, i) => {
      expect(o.value).toBe(i + 0.5);
      expect(o.attributes.OBS_STATUS?.code).toBe(i % 3 === 0 ? `A "quoted"\nnote ${i}` : 'A');
    });
    // A record of another width, past the first slice, is refused like a malformed CSV.
    await expect(parseCsv(`${text}X:F(1.0),CH\n`)).rejects.toThrow(
      expect.objectContaining({ code: 'upstream_error' }),
    );
  });

  it('refuses a body cut off inside a quoted field as upstream_unavailable', async () => {
    await expect(parseCsv('REF_AREA,TIME_PERIOD,OBS_VALUE\n"CH,20')).rejects.toThrow(
      expect.objectContaining({ code: 'upstream_unavailable' }),
    );
  });
});
