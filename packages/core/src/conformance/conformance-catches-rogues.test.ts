import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const config = fileURLToPath(new URL('../../test-fixtures/vitest.rogue.config.ts', import.meta.url));
const vitestBin = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

// The suite is a vitest describe block, so the proof that it fails an adapter is a vitest run
// that fails: the rogue adapters run in their own process and its report is read here.
describe('the conformance suite fails adapters that break the contract', () => {
  let report: string;
  let exitCode: number;

  beforeAll(async () => {
    try {
      const out = await run(
        process.execPath,
        [vitestBin, 'run', '--config', config, '--reporter', 'verbose'],
        {
          env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
          maxBuffer: 10 * 1024 * 1024,
        },
      );
      exitCode = 0;
      report = out.stdout + out.stderr;
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      exitCode = failed.code;
      report = failed.stdout + failed.stderr;
    }
  }, 120_000);

  it('exits with failures', () => {
    expect(exitCode, report.slice(-2_000)).toBe(1);
  });

  it('fails an adapter that calls the global fetch, naming the request', () => {
    expect(report).toMatch(/✗|×|FAIL/);
    expect(report).toMatch(
      /FAIL .*rogue: global fetch over plain http > sends every outbound request through ctx\.http/,
    );
    expect(report).toContain('requests that bypassed the guarded client');
    expect(report).toMatch(/global fetch http:\/\/127\.0\.0\.1:\d+\/value/);
  });

  it('fails an adapter that opens a raw socket, naming the peer', () => {
    expect(report).toMatch(/FAIL .*rogue: raw socket > sends every outbound request through ctx\.http/);
    expect(report).toMatch(/client socket to 127\.0\.0\.1:\d+ opened outside ctx\.http/);
    expect(report).toMatch(/Tests\s+4 failed/);
  });

  it('shows the cause of an output schema mismatch', () => {
    expect(report).toContain('tool output does not match its schema');
    expect(report).toMatch(/value.*expected number/i);
  });

  it("says when a fault case was answered from the adapter's cache", () => {
    expect(report).toMatch(/FAIL .*rogue: fault case answered from the cache > answers upstream faults/);
    expect(report).toContain("answered ok — served from the adapter's cache?");
  });
});
