import { readFile } from 'node:fs/promises';

/**
 * The page's script, bundled at build time (scripts/bundle-chart-view.mjs) into `dist/app/`. The same
 * path is reached from `src/app/` and from `dist/app/`.
 */
const BUNDLED_VIEW = new URL('../../dist/app/chart-view.bundle.js', import.meta.url);
/** The bundler script, present only in a clone of the repository, never in an installed package. */
const VIEW_BUNDLER = new URL('../../scripts/bundle-chart-view.mjs', import.meta.url);

let page: Promise<string> | undefined;

/**
 * The chart page as one self-contained HTML document: the view script with the MCP Apps client,
 * vega, vega-lite and vega-embed bundled in, no request to any other host. Read once per process.
 */
export function chartAppPage(): Promise<string> {
  page ??= viewScript().then(wrapInHtml);
  // A failed read is not cached: the next call tries again.
  page.catch(() => {
    page = undefined;
  });
  return page;
}

async function viewScript(): Promise<string> {
  try {
    return await readFile(BUNDLED_VIEW, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // A clone running from its sources before `pnpm build`: bundle now with the development bundler.
  let bundler: { bundleChartView: () => Promise<string> };
  try {
    bundler = (await import(VIEW_BUNDLER.href)) as typeof bundler;
  } catch {
    throw new Error('The chart page is not built: run `pnpm build` in the repository.');
  }
  return bundler.bundleChartView();
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
