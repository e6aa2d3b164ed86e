import { OpenDataError } from '@opendata-mcp/core/errors';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { CHART_FONT_FAMILY, chartFontFiles } from './chart-font.js';
import { measureVegaText } from './text-width.js';

// Vega keeps its text measurement in one module-wide object; charts are only ever set in the chart font.
// It is exported at run time but missing from the typings.
(vega as unknown as { textMetrics: { width: unknown } }).textMetrics.width = measureVegaText;

export interface RenderedChart {
  png: Uint8Array;
  svg: string;
  width: number;
  height: number;
}

/** Charts carry their data inline; any attempt to load a URL or file is a bug and is refused. */
const refusingLoader: vega.Loader = {
  load: () => Promise.reject(new Error('Charts do not load data from URLs or files.')),
  sanitize: () => Promise.reject(new Error('Charts do not load data from URLs or files.')),
  http: () => Promise.reject(new Error('Charts do not load data from URLs or files.')),
  file: () => Promise.reject(new Error('Charts do not load data from URLs or files.')),
};

/**
 * Vega-Lite to Vega, Vega to SVG without a browser or a canvas, SVG to PNG with resvg and the bundled
 * font. The size is checked on the SVG, before any pixel is allocated.
 */
export async function renderPng(spec: TopLevelSpec, maxImageSide: number): Promise<RenderedChart> {
  const compiled = compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', loader: refusingLoader });
  let svg: string;
  try {
    svg = await view.toSVG();
  } finally {
    view.finalize();
  }
  const resvg = new Resvg(svg, {
    font: { fontFiles: chartFontFiles(), loadSystemFonts: false, defaultFontFamily: CHART_FONT_FAMILY },
    background: 'white',
  });
  const width = Math.ceil(resvg.width);
  const height = Math.ceil(resvg.height);
  if (width > maxImageSide || height > maxImageSide) {
    throw new OpenDataError(
      'resource_too_large',
      `The chart would be ${width}×${height} pixels; images are at most ${maxImageSide} pixels on a side.`,
      {
        hint: 'Ask for a smaller width or height, or draw fewer x values or shorter series names.',
        details: { width, height, max_image_side: maxImageSide },
      },
    );
  }
  const image = resvg.render();
  return { png: new Uint8Array(image.asPng()), svg, width: image.width, height: image.height };
}
