import { createRequire } from 'node:module';
import { isOpenDataError } from '@opendata-mcp/core';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CHART_MARKS } from './chart-spec.js';
import type { ChartTable } from './chart-table.js';
import { drawChart } from './draw-chart.js';
import { MORTALITY_CITATIONS, mortalityTable } from './testing/mortality-table.js';
import { pngStats } from './testing/png-pixels.js';

const require = createRequire(import.meta.url);
const validateVegaLite = new Ajv({ strict: false, validateFormats: false }).compile(
  require('vega-lite/vega-lite-schema.json'),
);

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isOpenDataError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('drawChart', () => {
  const table = mortalityTable();

  it.each(CHART_MARKS)(
    'draws a %s chart as a PNG of the stated size with a valid Vega-Lite spec',
    async (mark) => {
      const chart = await drawChart(table, { mark, x: 'TIME_PERIOD', y: 'OBS_VALUE', series: 'REF_AREA' });
      const decoded = pngStats(chart.png);
      expect({ width: decoded.width, height: decoded.height }).toEqual({
        width: chart.width,
        height: chart.height,
      });
      // The plotting area is 640×360 by default; axes, legend and caption only add to it.
      expect(chart.width).toBeGreaterThan(640);
      expect(chart.height).toBeGreaterThan(360);
      expect(decoded.variance).toBeGreaterThan(100);
      expect(validateVegaLite(chart.vegaLite), JSON.stringify(validateVegaLite.errors?.slice(0, 3))).toBe(
        true,
      );
    },
  );

  it('follows the requested size of the plotting area', async () => {
    const spec = { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE' } as const;
    const base = await drawChart(table, { ...spec, width: 600, height: 200 });
    const taller = await drawChart(table, { ...spec, width: 600, height: 500 });
    const wider = await drawChart(table, { ...spec, width: 900, height: 200 });
    // The top tick label may stand a few pixels above the plotting area, depending on the ticks chosen.
    expect(taller.height - base.height).toBeGreaterThanOrEqual(300);
    expect(taller.height - base.height).toBeLessThan(312);
    expect(taller.width).toBe(base.width);
    expect(wider.width - base.width).toBe(300);
  });

  it('draws the same bytes twice: text is set in the bundled font, not whatever the machine has', async () => {
    const spec = {
      mark: 'bar',
      x: 'TIME_PERIOD',
      y: 'OBS_VALUE',
      series: 'REF_AREA',
      title: 'Mortality',
    } as const;
    const first = await drawChart(table, spec);
    const second = await drawChart(table, spec);
    expect(Buffer.from(first.png).equals(Buffer.from(second.png))).toBe(true);
  });

  it('states in the alt text what the chart shows: series, spans and extremes with their values', async () => {
    const chart = await drawChart(table, {
      mark: 'line',
      x: 'TIME_PERIOD',
      y: 'OBS_VALUE',
      series: 'REF_AREA',
      title: 'Under-five mortality',
    });
    const usa = table.rows.filter((row) => row[0] === 'USA').map((row) => row[2] as number);
    const bra = table.rows.filter((row) => row[0] === 'BRA').map((row) => row[2] as number);
    const shown = (value: number) => String(Number(value.toPrecision(6)));
    expect(chart.altText).toContain('Line chart titled "Under-five mortality" of OBS_VALUE by TIME_PERIOD');
    expect(chart.altText).toContain(`2 series by REF_AREA, ${usa.length + bra.length} points`);
    expect(chart.altText).toContain(`USA: ${usa.length} points, TIME_PERIOD 2015 to 2023`);
    expect(chart.altText).toContain(`highest ${shown(Math.max(...bra))}`);
    expect(chart.altText).toContain(`lowest ${shown(Math.min(...usa))}`);
    expect(chart.series).toEqual(['USA', 'BRA']);
  });

  it('carries every source in the alt text, the caption and the caption drawn in the spec', async () => {
    const chart = await drawChart(table, {
      mark: 'line',
      x: 'TIME_PERIOD',
      y: 'OBS_VALUE',
      series: 'REF_AREA',
    });
    for (const citation of MORTALITY_CITATIONS) {
      expect(chart.altText).toContain(citation);
      expect(chart.caption).toContain(citation);
    }
    const drawn = (chart.vegaLite as { title: { text: string[] } }).title.text.join(' ');
    expect(drawn.replace(/\s+/g, ' ')).toContain('Source: UNICEF: Under-five mortality rate, Brazil');
    expect(drawn).toContain('[2]');
  });

  it('leaves out rows without a value and says so', async () => {
    const withGap: ChartTable = { ...table, rows: [...table.rows, ['USA', '2024', null]] };
    const chart = await drawChart(withGap, {
      mark: 'line',
      x: 'TIME_PERIOD',
      y: 'OBS_VALUE',
      series: 'REF_AREA',
    });
    expect(chart.points).toBe(table.rows.length);
    expect(chart.altText).toContain('1 rows without a value were left out');
  });

  it('plots numeric years on a numeric axis without thousands separators', async () => {
    const years: ChartTable = {
      columns: [
        { name: 'year', type: 'BIGINT' },
        { name: 'n', type: 'BIGINT' },
      ],
      rows: [
        [2019, 3],
        [2020, 5],
        [2021, 4],
      ],
      citations: ['Example portal, retrieved 2026-01-01.'],
    };
    const chart = await drawChart(years, { mark: 'scatter', x: 'year', y: 'n' });
    const encoding = (chart.vegaLite as { vconcat: Array<{ encoding: { x: unknown } }> }).vconcat[0]!.encoding
      .x;
    expect(encoding).toMatchObject({ type: 'quantitative', axis: { format: 'd' } });
  });
});

describe('drawChart bounds', () => {
  const labelled = (labels: string[]): ChartTable => ({
    columns: [
      { name: 'label', type: 'VARCHAR' },
      { name: 'n', type: 'DOUBLE' },
    ],
    rows: labels.map((label, i) => [label, i + 1]),
    citations: ['Example portal, retrieved 2026-01-01.'],
  });

  it('cuts labels over 100 characters everywhere they appear, and says so in its notes', async () => {
    const chart = await drawChart(labelled(['a'.repeat(4_000), 'short']), {
      mark: 'bar',
      x: 'label',
      y: 'n',
    });
    expect(chart.notes).toEqual([
      '1 label was longer than 100 characters: it is drawn cut, ending in "…", in the picture, the spec and the alt text alike.',
    ]);
    const data = (chart.vegaLite as { data: { values: Array<{ x: string[] }> } }).data.values[0];
    expect(data?.x).toEqual([`${'a'.repeat(99)}…`, 'short']);
    expect(chart.altText).toContain(`${'a'.repeat(99)}…`);
    expect(chart.altText).not.toContain('a'.repeat(100));
  });

  it('notes nothing when no label is cut', async () => {
    const chart = await drawChart(labelled(['one', 'two']), { mark: 'bar', x: 'label', y: 'n' });
    expect(chart.notes).toEqual([]);
  });

  it('refuses, before drawing, inline data over the answer budget', async () => {
    const error = await refusal(
      drawChart(
        mortalityTable(),
        { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE' },
        { maxAnswerBytes: 100 },
      ),
    );
    expect(error.code).toBe('resource_too_large');
    expect(error.message).toContain('inline data');
    expect(error.hint).toContain('aggregate first with query_results');
    expect(error.details).toMatchObject({ max_answer_bytes: 100 });
    expect((error.details as { bytes: number }).bytes).toBeGreaterThan(100);
  });

  it('refuses a drawn chart whose spec and picture together are over the answer budget', async () => {
    const error = await refusal(
      drawChart(
        mortalityTable(),
        { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE' },
        { maxAnswerBytes: 10_000 },
      ),
    );
    expect(error.code).toBe('resource_too_large');
    expect(error.message).toContain('spec and picture');
    expect((error.details as { bytes: number }).bytes).toBeGreaterThan(10_000);
  });

  it('stops a chart that takes longer than its deadline to draw', async () => {
    const many = labelled(Array.from({ length: 3_000 }, (_, i) => `category ${i}`));
    const error = await refusal(
      drawChart(many, { mark: 'bar', x: 'label', y: 'n' }, { renderTimeoutMs: 100 }),
    );
    expect(error.code).toBe('query_timeout');
    expect(error.details).toEqual({ render_timeout_ms: 100 });
  });
});

describe('drawChart refusals', () => {
  const table = mortalityTable();

  it('refuses an unknown column, naming the columns of the table', async () => {
    const error = await refusal(drawChart(table, { mark: 'line', x: 'YEAR', y: 'OBS_VALUE' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('"YEAR"');
    expect(error.hint).toContain('REF_AREA (VARCHAR), TIME_PERIOD (VARCHAR), OBS_VALUE (DOUBLE)');
  });

  it('refuses an unknown series column', async () => {
    const error = await refusal(
      drawChart(table, { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE', series: 'SEX' }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('series column "SEX"');
  });

  it('refuses a y column without numbers, naming the columns that have them', async () => {
    const error = await refusal(drawChart(table, { mark: 'line', x: 'TIME_PERIOD', y: 'REF_AREA' }));
    expect(error.code).toBe('invalid_input');
    expect(error.hint).toBe('Columns with numbers: OBS_VALUE.');
  });

  it('refuses a spec that is not one, showing the accepted form', async () => {
    const error = await refusal(drawChart(table, { mark: 'pie', x: 'TIME_PERIOD', y: 'OBS_VALUE' } as never));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('mark');
    expect(error.hint).toContain('"line" | "bar" | "scatter" | "area"');
    const tooWide = await refusal(
      drawChart(table, { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE', width: 5000 }),
    );
    expect(tooWide.code).toBe('invalid_input');
    expect(tooWide.message).toContain('width');
  });

  it('refuses a table without a source to cite', async () => {
    const error = await refusal(
      drawChart({ ...table, citations: [] }, { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE' }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('citation');
  });

  it('answers no_data when no row has both values', async () => {
    const empty: ChartTable = { ...table, rows: [['USA', '2020', null]] };
    const error = await refusal(drawChart(empty, { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE' }));
    expect(error.code).toBe('no_data');
  });

  it('refuses more points than the limit', async () => {
    const error = await refusal(
      drawChart(
        table,
        { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE' },
        { maxPoints: table.rows.length - 1 },
      ),
    );
    expect(error.code).toBe('resource_too_large');
    expect(error.details).toEqual({ points: table.rows.length, max_points: table.rows.length - 1 });
  });

  it('refuses more series than the limit', async () => {
    const error = await refusal(
      drawChart(
        table,
        { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE', series: 'REF_AREA' },
        { maxSeries: 1 },
      ),
    );
    expect(error.code).toBe('resource_too_large');
    expect(error.message).toContain('2 distinct values');
  });

  it('refuses an image larger than the limit before drawing it', async () => {
    const error = await refusal(
      drawChart(table, { mark: 'line', x: 'TIME_PERIOD', y: 'OBS_VALUE' }, { maxImageSide: 500 }),
    );
    expect(error.code).toBe('resource_too_large');
    expect(error.hint).toContain('smaller width or height');
  });
});
