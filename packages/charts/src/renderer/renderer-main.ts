/**
 * Entry of the chart renderer process. Layout (Vega, text measured glyph by glyph) and
 * rasterising (resvg, native code that no thread can stop midway) cost time that grows with the
 * chart; here, a deadline kills the process and never holds up the server.
 */
import { isOpenDataError } from '@opendata-mcp/core/errors';
import { renderPng } from '../render-png.js';
import { toVegaLite } from '../to-vega-lite.js';
import type { RendererReady, RenderReply, RenderRequest, WireError } from './render-protocol.js';
import { warmUpChart } from './warm-up-chart.js';

// Without the server there is nobody to answer: die at once, even inside a native call.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));

function toWire(error: unknown): WireError {
  if (isOpenDataError(error)) {
    return { code: error.code, message: error.message, hint: error.hint ?? null, details: error.details };
  }
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

async function render(request: RenderRequest) {
  const vegaLite = toVegaLite(request.chart);
  const { png, width, height } = await renderPng(vegaLite, request.maxImageSide);
  return { vegaLite, png, width, height };
}

process.on('message', (request: RenderRequest) => {
  render(request).then(
    (value) => process.send?.({ id: request.id, ok: true, value } satisfies RenderReply),
    (error: unknown) =>
      process.send?.({ id: request.id, ok: false, error: toWire(error) } satisfies RenderReply),
  );
});

// A first chart costs seconds more than the next (modules compiled, the font tables read): drawn
// here, before the process says it is ready, it does not count against a caller's deadline.
void render({ id: 0, chart: warmUpChart(), maxImageSide: 2_000 }).finally(() =>
  process.send?.({ ready: true } satisfies RendererReady),
);
