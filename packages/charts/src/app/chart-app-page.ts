import { build } from 'esbuild';

/** Where the page's script lives: `app/` beside `src/` and `dist/`, shipped with the package. */
const VIEW_ENTRY = new URL('../../app/chart-view.js', import.meta.url);

let page: Promise<string> | undefined;

/**
 * The chart page as one self-contained HTML document: the view script with the MCP Apps client,
 * vega, vega-lite and vega-embed bundled in, no request to any other host. Built once per process,
 * on first use, from the installed packages, so it always matches the versions that render the PNG.
 */
export function chartAppPage(): Promise<string> {
  page ??= bundleView().then(wrapInHtml);
  // A failed build is not cached: the next read tries again.
  page.catch(() => {
    page = undefined;
  });
  return page;
}

async function bundleView(): Promise<string> {
  const result = await build({
    entryPoints: [decodeURIComponent(VIEW_ENTRY.pathname)],
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

/**
 * The page's own policy, in force even in a host that sets none: its inline script and styles run,
 * pictures only from data: URLs, and nothing is fetched, framed, submitted or loaded from anywhere.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "font-src 'none'",
  "connect-src 'none'",
  "media-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

function wrapInHtml(script: string): string {
  // A closing tag inside the script would end the element early.
  const safe = script.replace(/<\/(script)/gi, '<\\/$1');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}">
<title>Chart</title>
<style>
  body { margin: 0; padding: 8px; font-family: system-ui, sans-serif; background: #fff; color: #222; }
  #status { font-size: 13px; color: #555; }
</style>
</head>
<body>
<div id="status">Waiting for the chart…</div>
<div id="chart" role="img"></div>
<script>${safe}</script>
</body>
</html>
`;
}
