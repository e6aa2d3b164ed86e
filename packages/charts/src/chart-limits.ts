/** Caps on what one chart may draw, so that an answer stays readable and cheap to render. */
export interface ChartLimits {
  /** Plotted points (rows with both an x and a y value). */
  maxPoints: number;
  /** Distinct values of the series column; more colours than this cannot be told apart. */
  maxSeries: number;
  /** Largest side of the finished image in pixels, axes, legend and caption included. */
  maxImageSide: number;
  /** Wall-clock limit for laying out and drawing one chart, in ms; past it the renderer is killed. */
  renderTimeoutMs: number;
  /** Largest answer: the Vega-Lite spec with its inline data, plus the PNG as sent (base64), in bytes. */
  maxAnswerBytes: number;
}

export const DEFAULT_CHART_LIMITS: ChartLimits = {
  maxPoints: 5_000,
  maxSeries: 10,
  maxImageSide: 2_000,
  renderTimeoutMs: 30_000,
  maxAnswerBytes: 2 * 1024 * 1024,
};
