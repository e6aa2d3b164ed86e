import { describe, expect, it } from 'vitest';
import { createProgressLine } from './progress-line.js';

const CLEAR = '\r\u001b[K';

function capture() {
  const writes: string[] = [];
  return { writes, line: createProgressLine((text) => writes.push(text)) };
}

describe('createProgressLine', () => {
  it('writes nothing, not even a clear, when no progress was reported', () => {
    const { writes, line } = capture();
    line.done();
    expect(writes).toEqual([]);
  });

  it('shows the share of a known total, with counts grouped in thousands', () => {
    const { writes, line } = capture();
    line.report({ progress: 1_250_000, total: 5_000_000, message: 'Downloading' });
    expect(writes).toEqual([`${CLEAR}Downloading: 25% (1,250,000 of 5,000,000)`]);
  });

  it('shows a bare count when the total is unknown, keeping the last message', () => {
    const { writes, line } = capture();
    line.report({ progress: 10, message: 'Reading DataStore records' });
    line.report({ progress: 20 });
    expect(writes.at(-1)).toBe(`${CLEAR}Reading DataStore records: 20`);
  });

  it('rewrites the line only when its text changes, and clears it when done', () => {
    const { writes, line } = capture();
    line.report({ progress: 1, total: 1000, message: 'Loading' });
    line.report({ progress: 2, total: 1000, message: 'Loading' });
    expect(writes).toHaveLength(2);
    line.report({ progress: 2, total: 1000, message: 'Loading' });
    expect(writes).toHaveLength(2);
    line.done();
    expect(writes.at(-1)).toBe(CLEAR);
  });

  it('never shows more than 100 %, nor a line wider than a terminal', () => {
    const { writes, line } = capture();
    line.report({ progress: 12, total: 10, message: 'x'.repeat(300) });
    expect(writes[0]?.length).toBeLessThanOrEqual(CLEAR.length + 100);
    line.report({ progress: 12, total: 10, message: 'Done' });
    expect(writes.at(-1)).toBe(`${CLEAR}Done: 100% (12 of 10)`);
  });
});
