import { describe, expect, it } from 'vitest';
import { textWidth } from './text-width.js';
import { captionLines } from './wrap-caption.js';

const URL =
  'https://sdmx.data.unicef.org/ws/public/sdmxapi/rest/data/UNICEF,CME,1.0/BRA.CME_MRY0T4._T._T?startPeriod=2015&endPeriod=2023&format=csv';

describe('captionLines', () => {
  it('fits every line to the width, breaks a long URL after a separator, and loses no character', () => {
    const citation = `UNICEF: Child Mortality, via https://sdmx.data.unicef.org, retrieved 2026-12-03. ${URL}`;
    const lines = captionLines([citation], 400, 10);
    for (const line of lines) expect(textWidth(line, 10)).toBeLessThanOrEqual(400);
    const urlLines = lines.filter((line) => !line.includes(' ') && !line.startsWith('['));
    expect(urlLines.length).toBeGreaterThan(1);
    for (const line of urlLines.slice(0, -1)) expect(line).toMatch(/[/?&=,.]$/);
    expect(lines.join('')).toContain(URL.replaceAll(' ', ''));
  });

  it('names the sources past four by their number', () => {
    const lines = captionLines(['a', 'b', 'c', 'd', 'e', 'f'], 600, 10);
    expect(lines.at(-1)).toBe('… and 2 more sources, listed with the chart.');
  });
});
