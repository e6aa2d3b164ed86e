import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Pinned exactly: a new suite release can add scenarios, so moving it is a reviewed change. */
export const CONFORMANCE_VERSION = '0.2.0-alpha.12';

export interface CheckResult {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

export interface ScenarioResult {
  scenario: string;
  scored: boolean;
  failed: boolean;
  checks: CheckResult[];
}

export interface SuiteRun {
  scenarios: ScenarioResult[];
  exitCode: number;
  output: string;
}

/**
 * Runs the official suite against a live server. It needs Node 22, so npx fetches both the
 * suite and a Node 22 binary; results come from the per-scenario `checks.json` files.
 */
export async function runConformanceSuite(options: {
  url: string;
  outputDir: string;
  requirements?: string;
}): Promise<SuiteRun> {
  const command = [
    'conformance server',
    `--url ${options.url}`,
    `-o ${options.outputDir}`,
    ...(options.requirements ? [`--requirements ${options.requirements}`] : []),
  ].join(' ');
  const args = [
    '-y',
    '-p',
    'node@22',
    '-p',
    `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`,
    '-c',
    command,
  ];
  const { exitCode, output } = await run('npx', args);
  const notScored = parseNotScored(output);
  const scenarios: ScenarioResult[] = [];
  for (const entry of await readdir(options.outputDir)) {
    const scenario = scenarioName(entry);
    if (!scenario) continue;
    const checks = JSON.parse(
      await readFile(join(options.outputDir, entry, 'checks.json'), 'utf8'),
    ) as CheckResult[];
    scenarios.push({
      scenario,
      scored: !notScored.has(scenario),
      failed: checks.some((check) => check.status === 'FAILURE'),
      checks,
    });
  }
  return { scenarios: scenarios.sort((a, b) => a.scenario.localeCompare(b.scenario)), exitCode, output };
}

/** `server-<scenario>-<ISO timestamp with dashes>` → `<scenario>` */
function scenarioName(directory: string): string | null {
  const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(directory);
  return match?.[1] ?? null;
}

/** The suite lists scenarios it runs without scoring (extensions, pending) as `  ✗ name (reason)`. */
function parseNotScored(output: string): Set<string> {
  const start = output.indexOf('Not scored for');
  if (start === -1) return new Set();
  const names = [...output.slice(start).matchAll(/^\s+[✓✗] (\S+) \([a-z-]+\)$/gm)].map((m) => m[1] as string);
  return new Set(names);
}

function run(command: string, args: string[]): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ exitCode: code ?? 1, output }));
  });
}
