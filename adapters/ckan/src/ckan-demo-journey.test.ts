import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startCkanFixture } from '@opendata-mcp/fixtures';
import { expect, it, onTestFinished } from 'vitest';
import { ckanDemoJourney, createCkanAdapter } from './index.js';

it('runs the demo journey offline to a cited answer', async () => {
  const fixture = await startCkanFixture();
  const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-demo-'));
  onTestFinished(() => rm(cacheDir, { recursive: true, force: true }));
  const server = createOpenDataServer({
    adapters: [createCkanAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    logger: silentLogger,
    http: { cacheDir },
  });
  const answers: SuccessEnvelope[] = [];
  const lines: string[] = [];
  for (const step of ckanDemoJourney.steps) {
    const args = typeof step.args === 'function' ? step.args(answers) : step.args;
    const envelope = await server.callTool(step.tool, args);
    if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
    answers.push(envelope);
    lines.push(step.summarize(envelope));
  }
  expect(lines[2]).toContain('заказник: 16 areas');
  expect(answers[2]?.citation).toContain('Міністерство енергетики та захисту довкілля України');
  await server.close();
  await fixture.close();
});
