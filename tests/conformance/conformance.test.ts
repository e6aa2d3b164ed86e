import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createOpenDataServer,
  type RunningHttpServer,
  silentLogger,
  startHttpServer,
} from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceAdapter } from './conformance-adapter.js';
import { CONFORMANCE_VERSION, runConformanceSuite } from './run-suite.js';

interface Baseline {
  conformanceVersion: string;
  runs: Record<string, Record<string, string>>;
}

const baseline = JSON.parse(await readFile(new URL('./baseline.json', import.meta.url), 'utf8')) as Baseline;
const RUNS = [
  { name: 'default', requirements: undefined },
  { name: '2026-07-28', requirements: '2026-07-28' },
] as const;

// The suite itself is fetched by npx on first use (with a Node 22 binary), hence the long timeout.
describe(`official MCP conformance suite ${CONFORMANCE_VERSION}`, { timeout: 300_000 }, () => {
  let http: RunningHttpServer;
  let outputRoot: string;

  beforeAll(async () => {
    const server = createOpenDataServer({ adapters: [conformanceAdapter()], logger: silentLogger });
    http = await startHttpServer(server, silentLogger, { port: 0 });
    outputRoot = await mkdtemp(join(tmpdir(), 'opendata-mcp-conformance-'));
  });
  afterAll(async () => {
    await http?.close();
    if (outputRoot) await rm(outputRoot, { recursive: true, force: true });
  });

  it('pins the suite version the baseline was written for', () => {
    expect(baseline.conformanceVersion).toBe(CONFORMANCE_VERSION);
  });

  for (const { name, requirements } of RUNS) {
    it(`passes every scored scenario (${name} requirements) except the SDK-caused baseline`, async () => {
      const run = await runConformanceSuite({
        url: http.url,
        outputDir: join(outputRoot, name),
        ...(requirements ? { requirements } : {}),
      });
      const scored = run.scenarios.filter((s) => s.scored);
      const failed = scored.filter((s) => s.failed).map((s) => s.scenario);
      const expected = baseline.runs[name] ?? {};
      const warnings = scored.flatMap((s) =>
        s.checks.filter((c) => c.status === 'WARNING').map((c) => `${s.scenario}:${c.id}`),
      );
      console.info(
        `conformance ${name}: ${scored.length - failed.length}/${scored.length} scored scenarios passed; ` +
          `failing: ${failed.join(', ') || 'none'}; warnings: ${warnings.join(', ') || 'none'}; ` +
          `not scored: ${run.scenarios.length - scored.length}`,
      );
      expect(scored.length, run.output.slice(-2_000)).toBeGreaterThan(20);
      const unexpected = scored
        .filter((s) => s.failed && !(s.scenario in expected))
        .map((s) => ({
          scenario: s.scenario,
          failures: s.checks.filter((c) => c.status === 'FAILURE').map((c) => `${c.id}: ${c.errorMessage}`),
        }));
      expect(unexpected).toEqual([]);
      const stale = Object.keys(expected).filter((scenario) => !failed.includes(scenario));
      expect(stale, 'baseline entries that now pass (remove them)').toEqual([]);
    });
  }
});
