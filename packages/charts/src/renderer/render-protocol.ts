import type { TopLevelSpec } from 'vega-lite';
import type { PreparedChart } from '../prepare-chart.js';

/** One chart for the renderer process to lay out and draw. */
export interface RenderRequest {
  id: number;
  chart: PreparedChart;
  maxImageSide: number;
}

/** What the renderer process draws: the spec it built and the picture. */
export interface RenderedSpecAndPng {
  vegaLite: TopLevelSpec;
  png: Uint8Array;
  width: number;
  height: number;
}

/** An error crossing the process boundary: an OpenDataError's public fields, or a bare message. */
export interface WireError {
  code: string | null;
  message: string;
  hint?: string | null;
  details?: Record<string, unknown>;
}

export type RenderReply =
  | { id: number; ok: true; value: RenderedSpecAndPng }
  | { id: number; ok: false; error: WireError };

/** Sent once by a new renderer process when Vega, the font and resvg are loaded. */
export interface RendererReady {
  ready: true;
}
