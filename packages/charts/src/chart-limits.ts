/** Caps on what one chart may draw, so that an answer stays readable and cheap to render. */
export interface ChartLimits {
  /** Plotted points (rows with both an x and a y value). */
  maxPoints: number;
  /** Distinct values of the series column; more colours than this cannot be told apart. */
  maxSeries: number;
  /** Largest side of the finished image in pixels, axes, legend and caption included. */
  maxImageSide: number;
}

export const DEFAULT_CHART_LIMITS: ChartLimits = {
  maxPoints: 5_000,
  maxSeries: 10,
  maxImageSide: 2_000,
};
