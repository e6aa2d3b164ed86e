// The drawing half of the package, its own entry point: the renderer process that runs Vega, the
// font tables and the native rasteriser, and the page bundler. The tool definitions never import
// it statically, so a server that lists draw_chart pays for none of it until a chart is drawn or
// the app page is read, and a bundled server keeps this entry outside its bundle (it reads files
// beside itself, and starts the renderer process from its own folder).
export { chartAppPage } from './app/chart-app-page.js';
export { renderIsolated, warmRenderer } from './renderer/render-pool.js';
