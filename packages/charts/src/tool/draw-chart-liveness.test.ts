import { monitorEventLoopDelay } from 'node:perf_hooks';
import { analysisExtension } from '@opendata-mcp/analysis';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { connectInProcess, type InProcessPair } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepSynthetic, syntheticBars } from '../testing/label-table.js';
import { createChartsExtension } from './charts-extension.js';

/**
 * Short, so the hostile chart below is stopped by it (drawing 5,000 bars with long labels takes
 * several seconds of a core), yet long enough for the small chart that warms the server up.
 */
const RENDER_DEADLINE_MS = 5_000;

let server: OpenDataServer;
let hostile: InProcessPair;
let other: InProcessPair;
let bars: string;
/** The other client's own result: its calls share nothing with the hostile chart but the server. */
let small: string;

beforeAll(async () => {
  server = createOpenDataServer({
    adapters: [],
    extensions: [analysisExtension, createChartsExtension({ renderTimeoutMs: RENDER_DEADLINE_MS })],
    logger: silentLogger,
  });
  bars = await keepSynthetic(server, syntheticBars(5_000));
  small = await keepSynthetic(server, syntheticBars(12));
  hostile = await connectInProcess(server);
  other = await connectInProcess(server);
  // Both sessions' first calls (engine, renderer) are made before anything is timed.
  const warm = await other.client.callTool({
    name: 'draw_chart',
    arguments: { results: { t: bars }, sql: 'SELECT * FROM t LIMIT 20', mark: 'bar', x: 'label', y: 'value' },
  });
  expect(warm.isError, JSON.stringify(warm.structuredContent)).toBeFalsy();
  const first = await other.client.callTool({
    name: 'query_results',
    arguments: { results: { s: small }, sql: 'SELECT count(*) AS n FROM s' },
  });
  expect(first.isError).toBeFalsy();
});

afterAll(async () => {
  await hostile?.close();
  await other?.close();
  await server?.close();
});

/**
 * Asks `ask` every `everyMs` until `until` settles: when each answer was due and how long it took
 * from then, so a blocked event loop that delays the asking counts as waiting.
 */
async function waits(ask: () => Promise<void>, until: Promise<unknown>, everyMs: number) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const samples: Array<{ due: number; waited: number }> = [];
  let due = performance.now();
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    await ask();
    samples.push({ due, waited: performance.now() - due });
    due += everyMs;
  }
  return samples;
}

const longest = (samples: Array<{ waited: number }>) => Math.max(0, ...samples.map((s) => s.waited));

describe('a hostile chart does not hold up the server', () => {
  it('answers another client within a second while 5,000 bars with 3,000-character labels are read and drawn, and stops the drawing at its deadline', async () => {
    // Set when the server says the rows are read and the drawing starts.
    let drawingFrom: number | undefined;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const drawing = hostile.client.callTool(
      {
        name: 'draw_chart',
        arguments: {
          results: { t: bars },
          sql: "SELECT repeat('x', 3000) || label AS label, value FROM t",
          mark: 'bar',
          x: 'label',
          y: 'value',
        },
      },
      // The client's own timeout stays out of the way; the server's deadline is under test.
      {
        timeout: 900_000,
        onprogress: () => {
          drawingFrom ??= performance.now();
        },
      },
    );
    const drawingEnded = drawing.then(() => performance.now() - started);
    const samples = await waits(
      async () => {
        const answer = await other.client.callTool({
          name: 'query_results',
          arguments: { results: { s: small }, sql: 'SELECT count(*) AS n FROM s' },
        });
        expect(answer.isError).toBeFalsy();
        expect((answer.structuredContent as { rows: unknown[][] }).rows).toEqual([[12]]);
      },
      drawing,
      250,
    );
    const result = await drawing;
    const hostileMs = await drawingEnded;
    loop.disable();
    const drawingStarted = drawingFrom ?? Number.POSITIVE_INFINITY;
    const whileDrawing = samples.filter((sample) => sample.due >= drawingStarted);
    console.log(
      `other client: ${samples.length} calls, longest wait ${Math.round(longest(samples))} ms ` +
        `(${Math.round(longest(whileDrawing))} ms over ${whileDrawing.length} calls while the chart was drawn); ` +
        `longest stall of the server's thread ${Math.round(loop.max / 1e6)} ms; hostile call ended after ${Math.round(hostileMs)} ms`,
    );

    // 15 MB of rows, just within what one result may keep (4,000-character labels pass that bound and
    // are refused before drawing). Neither reading them nor the drawing, which took 108 s on the
    // server's thread before, holds up another client.
    expect(longest(samples)).toBeLessThan(1_000);
    expect(whileDrawing.length).toBeGreaterThan(3);
    expect(longest(whileDrawing)).toBeLessThan(1_000);
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { error: { code: string } }).error.code).toBe('query_timeout');
    expect((result.structuredContent as { error: { details: unknown } }).error.details).toMatchObject({
      render_timeout_ms: RENDER_DEADLINE_MS,
    });
    // Reading the rows comes first; the drawing itself is stopped at its deadline.
    expect(hostileMs).toBeLessThan(RENDER_DEADLINE_MS + 20_000);
  }, 900_000);
});
