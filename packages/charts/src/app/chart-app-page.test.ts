import { connectInProcess, type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from '../testing/ensure-chromium.js';
import { BOTH_COUNTRIES_SQL, startMortalityServer } from '../testing/mortality-server.js';
import { pngStats } from '../testing/png-pixels.js';
import { chartAppPage } from './chart-app-page.js';

// What a host's sandbox typically allows an app: inline script and style, no eval, no network.
const APP_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'none'";

let browser: Browser;
let site: LoopbackServer;
const pageErrors: string[] = [];
const outsideRequests: string[] = [];

beforeAll(async () => {
  const executablePath = ensureChromium();
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
    '/app': { type: 'text/html', body: await chartAppPage(), csp: APP_CSP },
  };
  site = await startLoopbackServer((req, res) => {
    const page = pages[req.url ?? ''];
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
});

describe('the MCP Apps chart page', () => {
  it('draws the answer in a real browser, offline, without console errors, and the picture is not blank', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1' || url.protocol === 'data:') return route.continue();
      outsideRequests.push(url.href);
      return route.abort();
    });
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
});
