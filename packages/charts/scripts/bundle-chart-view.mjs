// Bundles the chart page's script (app/chart-view.js with the MCP Apps client, vega, vega-lite and
// vega-embed) into one file, dist/app/chart-view.bundle.js, at build and pack time: an installed
// package reads that file and needs no bundler. Run directly, it writes the file; imported, it hands
// back the code (a clone running from its sources before `pnpm build`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const VIEW_ENTRY = fileURLToPath(new URL('../app/chart-view.js', import.meta.url));
export const BUNDLED_VIEW = new URL('../dist/app/chart-view.bundle.js', import.meta.url);

export async function bundleChartView() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [VIEW_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'inline',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error('Bundling the chart page produced no output.');
  return code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const code = await bundleChartView();
  mkdirSync(new URL('.', BUNDLED_VIEW), { recursive: true });
  writeFileSync(BUNDLED_VIEW, code);
  console.log(`chart page script: ${(code.length / 1024).toFixed(0)} KiB -> ${fileURLToPath(BUNDLED_VIEW)}`);
}
