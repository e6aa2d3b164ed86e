// The drawing half of the package, its own entry point: Vega, the font tables, the native
// rasteriser and the page bundler. The tool definitions never import it statically, so a server
// that lists draw_chart pays for none of it until a chart is drawn or the app page is read, and a
// bundled server keeps this entry outside its bundle (it reads files beside itself).
export { chartAppPage } from './app/chart-app-page.js';
export { type RenderedChart, renderPng } from './render-png.js';
export { toVegaLite } from './to-vega-lite.js';
