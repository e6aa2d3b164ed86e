import { analysisExtension } from '@opendata-mcp/analysis';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { connectInProcess, type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from '../testing/ensure-chromium.js';
import { keepSynthetic } from '../testing/label-table.js';
import { BOTH_COUNTRIES_SQL, startMortalityServer } from '../testing/mortality-server.js';
import { pngStats } from '../testing/png-pixels.js';
import { chartsExtension } from '../tool/charts-extension.js';
import { chartAppPage } from './chart-app-page.js';

// What a host's sandbox typically allows an app: inline script and style, no eval, no network.
const APP_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'none'";

let browser: Browser;
let site: LoopbackServer;
/** A loopback server the data points at: any request it gets is a load the page should not make. */
let bait: LoopbackServer;
const baitRequests: string[] = [];
const pageErrors: string[] = [];
const outsideRequests: string[] = [];

/**
 * A draw_chart answer whose x column is named `image` and holds URLs of the bait server: the name
 * vega-tooltip's own formatter draws as <img src>.
 */
async function imageAnswer() {
  const server = createOpenDataServer({
    adapters: [],
    extensions: [analysisExtension, chartsExtension],
    logger: silentLogger,
  });
  const id = await keepSynthetic(server, {
    columns: [
      { name: 'image', type: 'VARCHAR' },
      { name: 'value', type: 'DOUBLE' },
    ],
    rows: [1, 2, 3].map((i) => [`${bait.origin}/pixel-${i}.png`, i * 10]),
  });
  const session = await connectInProcess(server);
  const args = { result_id: id, mark: 'bar', x: 'image', y: 'value' };
  const result = await session.client.callTool({ name: 'draw_chart', arguments: args });
  await session.close();
  await server.close();
  if (result.isError) throw new Error('draw_chart failed');
  return { arguments: args, result };
}

/** Only loopback is reached from the browser; anything else is recorded and refused. */
async function loopbackOnly(page: Page) {
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:') return route.continue();
    outsideRequests.push(url.href);
    return route.abort();
  });
}

beforeAll(async () => {
  const executablePath = ensureChromium();
  bait = await startLoopbackServer((req, res) => {
    baitRequests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  const mortality = await startMortalityServer();
  const session = await connectInProcess(mortality.server);
  const args = {
    results: { usa: mortality.usa, bra: mortality.bra },
    sql: BOTH_COUNTRIES_SQL,
    mark: 'line',
    x: 'TIME_PERIOD',
    y: 'value',
    series: 'REF_AREA_label',
    title: 'Under-five mortality',
  };
  const result = await session.client.callTool({ name: 'draw_chart', arguments: args });
  await session.close();
  await mortality.close();
  if (result.isError) throw new Error('draw_chart failed');

  const host = await build({
    entryPoints: [decodeURIComponent(new URL('../testing/app-host.js', import.meta.url).pathname)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'error',
  });
  const pages: Record<string, { type: string; body: string; csp?: string }> = {
    '/': {
      type: 'text/html',
      body: '<!doctype html><iframe id="app" sandbox="allow-scripts" style="width:960px;height:640px;border:0"></iframe><script src="/host.js"></script>',
    },
    '/host.js': { type: 'text/javascript', body: host.outputFiles[0]?.text ?? '' },
    '/answer.json': { type: 'application/json', body: JSON.stringify({ arguments: args, result }) },
    '/image-answer.json': { type: 'application/json', body: JSON.stringify(await imageAnswer()) },
    '/app': { type: 'text/html', body: await chartAppPage(), csp: APP_CSP },
    // As a host that sets no policy of its own would serve it.
    '/bare-app': { type: 'text/html', body: await chartAppPage() },
  };
  site = await startLoopbackServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://127.0.0.1').pathname];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': page.type,
      ...(page.csp ? { 'content-security-policy': page.csp } : {}),
    });
    res.end(page.body);
  });
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await bait?.close();
});

describe('the MCP Apps chart page', () => {
  it('draws the answer in a real browser, offline, without console errors, and the picture is not blank', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await loopbackOnly(page);
    await page.goto(`${site.origin}/`);
    const app = page.frameLocator('#app');
    await app.locator('body[data-drawn="true"]').waitFor({ timeout: 30_000 });

    const lines = await app.locator('#chart svg path[aria-roledescription="line mark"]').count();
    expect(lines).toBe(2);
    const drawnText = await app.locator('#chart svg').textContent();
    expect(drawnText).toContain('Under-five mortality');
    // The sources are drawn under the chart, as in the PNG.
    expect(drawnText).toContain('BRA.CME_MRY0T4');
    expect(await app.locator('#status').textContent()).toBe('');

    const shot = pngStats(await page.locator('#app').screenshot());
    expect(shot.width).toBe(960);
    expect(shot.variance).toBeGreaterThan(100);
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
  }, 60_000);

  it('loads nothing the data names, even where the host sets no policy: a field named "image" is text in the tooltip', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    await loopbackOnly(page);
    await page.goto(`${site.origin}/?answer=/image-answer.json&app=/bare-app`);
    const app = page.frameLocator('#app');
    await app.locator('body[data-drawn="true"]').waitFor({ timeout: 30_000 });

    await app.locator('#chart svg path[aria-roledescription="bar"]').first().hover();
    const shown = app.locator('#vg-tooltip-element td.value', { hasText: `${bait.origin}/pixel-` });
    await shown.waitFor({ timeout: 10_000 });
    expect(await app.locator('#vg-tooltip-element td.key').allTextContents()).toContain('image');
    expect(await app.locator('img').count()).toBe(0);

    // The page's own policy refuses whatever its script might still try to load.
    const frame = page.frame({ url: (url) => url.pathname === '/bare-app' });
    expect(frame).not.toBeNull();
    const attempt = await frame?.evaluate(async (url) => {
      // Runs in the page; the test's own typings know no DOM.
      const { document } = globalThis as unknown as {
        document: { createElement(tag: 'img'): { src: string }; body: { append(node: unknown): void } };
      };
      const picture = document.createElement('img');
      picture.src = `${url}/by-script.png`;
      document.body.append(picture);
      return fetch(`${url}/by-fetch`).then(
        () => 'fetched',
        () => 'refused',
      );
    }, bait.origin);
    expect(attempt).toBe('refused');
    await page.waitForTimeout(500);
    expect(baitRequests).toEqual([]);
    expect(outsideRequests).toEqual([]);
  }, 60_000);
});
