// `pnpm bench load`: the server (`opendata-mcp serve --transport http`, built) against the offline fixture
// backends under many clients at once. The fixtures run in a process of their own (bench/load-fixtures.ts),
// as a portal runs on another machine; `--fixtures-in-server` serves them from the server process instead
// (`serve --offline`), where their CPU work queues on the server's event loop. Side by side in one run: each tool's latency with one client (the three demo
// journeys played in turn), then with CLIENTS clients playing the journeys for DURATION_S seconds; the
// server's resident memory (its own plus its table engine processes) warm, at peak and after the run.
// Prints a table, then one JSON line. Arguments: [clients] [seconds].
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ckanDemoJourney } from '../adapters/ckan/src/index.js';
import { lindasDemoJourney } from '../adapters/lindas/src/index.js';
import { sdmxDemoJourney } from '../adapters/sdmx/src/index.js';
import type { DemoJourney, SuccessEnvelope } from '../packages/core/src/index.js';
import { childPids, childrenResidentBytes } from '../packages/tabular/src/fuzz/child-memory.js';
import { residentBytes } from '../packages/tabular/src/worker/resident-memory.js';
import { CORES, cpuSeconds } from './cpu-seconds.js';

const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const [clientsArg, secondsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const CLIENTS = Number(clientsArg ?? 32);
const DURATION_S = Number(secondsArg ?? 20);
const FIXTURES_IN_SERVER = flags.includes('--fixtures-in-server');
const SOLO_ROUNDS = 5;
const RSS_RETURN_GOAL = 1.2;
const SETTLE_LIMIT_MS = 60_000;
const JOURNEYS = [lindasDemoJourney, ckanDemoJourney, sdmxDemoJourney];
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('../packages/cli/bin/opendata-mcp.js', import.meta.url));

type Timings = Map<string, number[]>;

/** The server's resident memory plus that of its engine processes (Linux /proc). */
function serverResident(pid: number): number {
  return (residentBytes(pid) ?? 0) + childrenResidentBytes(pid);
}

/** The fixture backends in a child process; a configuration file that points the server at them. */
async function startFixtures(): Promise<{ child: ChildProcess; config: string }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@opendata-mcp/source',
      '--import',
      'tsx',
      fileURLToPath(new URL('./load-fixtures.ts', import.meta.url)),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const fixtures = JSON.parse(String(line)) as Record<
    'lindas' | 'ckan' | 'sdmx',
    { url: string; hostPort: string }
  >;
  // The same entries `serve --offline` builds for in-process fixtures.
  const adapters = Object.entries(fixtures).map(([type, f]) => ({
    type,
    // The SDMX fixture serves UNICEF's recordings under UNICEF's registry profile, as `--offline` sets it.
    ...(type === 'sdmx' ? { registry: 'unicef' } : {}),
    url: f.url,
    trusted_hosts: [f.hostPort],
    allowed_hosts: [new URL(f.url).hostname],
  }));
  const config = join(mkdtempSync(join(tmpdir(), 'bench-load-')), 'config.json');
  writeFileSync(config, JSON.stringify({ adapters }));
  return { child, config };
}

async function startServer(config: string | null): Promise<{ child: ChildProcess; url: string }> {
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-b'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const source = config ? ['--config', config] : ['--offline'];
  const child = spawn(process.execPath, [bin, 'serve', ...source, '--transport', 'http', '--port', '0'], {
    env: { ...process.env, OPENDATA_MCP_LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  while (!/listening on (\S+)/.test(stderr)) {
    await Promise.race([
      once(child.stderr as NodeJS.ReadableStream, 'data'),
      once(child, 'exit').then(() => Promise.reject(new Error(stderr))),
    ]);
  }
  return { child, url: /listening on (\S+)/.exec(stderr)?.[1] ?? '' };
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'bench-load', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Plays one journey; records each call's latency by tool; returns the number of failed calls. */
/** Why calls failed, by tool and error code, so a failing run says what to look at. */
const failureKinds = new Map<string, number>();

async function play(client: Client, journey: DemoJourney, timings: Timings): Promise<number> {
  const answers: SuccessEnvelope[] = [];
  let failures = 0;
  for (const step of journey.steps) {
    const args = typeof step.args === 'function' ? step.args(answers) : step.args;
    const started = performance.now();
    const result = await client
      .callTool({ name: step.tool, arguments: args })
      .catch((error: unknown) => ({ thrown: error instanceof Error ? error.message : String(error) }));
    const ms = performance.now() - started;
    if ('thrown' in result || result.isError) {
      failures++;
      const why =
        'thrown' in result
          ? result.thrown
          : ((result.structuredContent as { error?: { code?: string } } | undefined)?.error?.code ?? 'error');
      const key = `${step.tool}: ${String(why).slice(0, 120)}`;
      failureKinds.set(key, (failureKinds.get(key) ?? 0) + 1);
    } else answers.push(result.structuredContent as SuccessEnvelope);
    timings.set(step.tool, [...(timings.get(step.tool) ?? []), ms]);
  }
  return failures;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const fixtures = FIXTURES_IN_SERVER ? null : await startFixtures();
const { child, url } = await startServer(fixtures?.config ?? null);
const pid = child.pid as number;
try {
  const solo: Timings = new Map();
  const single = await connect(url);
  for (const journey of JOURNEYS) await play(single, journey, new Map()); // warm: tables loaded, caches filled
  for (let round = 0; round < SOLO_ROUNDS; round++)
    for (const journey of JOURNEYS) await play(single, journey, solo);
  await single.close();
  const warm = serverResident(pid);
  const warmEngines = childrenResidentBytes(pid);

  const loaded: Timings = new Map();
  let errors = 0;
  let peak = warm;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverResident(pid));
  }, 100);
  // Where the machine's CPU goes during the run: server, its engine processes, fixtures, these clients.
  const engineCpu = () => childPids(pid).reduce((sum, child) => sum + cpuSeconds(child), 0);
  const cpuBefore = {
    server: cpuSeconds(pid),
    engines: engineCpu(),
    fixtures: fixtures ? cpuSeconds(fixtures.child.pid as number) : 0,
    clients: cpuSeconds(process.pid),
  };
  const deadline = performance.now() + DURATION_S * 1000;
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => connect(url)));
  await Promise.all(
    clients.map(async (client, index) => {
      for (let turn = index; performance.now() < deadline; turn++) {
        errors += await play(client, JOURNEYS[turn % JOURNEYS.length] as DemoJourney, loaded);
      }
    }),
  );
  clearInterval(sampler);
  const cpu = {
    server_s: cpuSeconds(pid) - cpuBefore.server,
    engines_s: engineCpu() - cpuBefore.engines,
    fixtures_s: fixtures ? cpuSeconds(fixtures.child.pid as number) - cpuBefore.fixtures : null,
    clients_s: cpuSeconds(process.pid) - cpuBefore.clients,
    available_s: CORES * DURATION_S,
  };
  await Promise.all(clients.map((client) => client.close()));
  // V8 gives memory back once the process has been idle a while (its memory reducer), not at
  // once: the server's resident memory is read every 2 s until it is within the goal of its warm
  // level, for at most a minute, and the time that took is reported with it.
  const settleStart = performance.now();
  let after = serverResident(pid);
  while (after / warm > RSS_RETURN_GOAL && performance.now() - settleStart < SETTLE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    after = serverResident(pid);
  }
  const settleS = Math.round((performance.now() - settleStart) / 1000);

  const tools = [...solo.keys()].sort();
  const rows = tools.map((tool) => {
    const soloP50 = percentile(solo.get(tool) ?? [], 50);
    const loadedP50 = percentile(loaded.get(tool) ?? [], 50);
    return {
      tool,
      calls: (loaded.get(tool) ?? []).length,
      solo_p50_ms: Math.round(soloP50),
      loaded_p50_ms: Math.round(loadedP50),
      loaded_p99_ms: Math.round(percentile(loaded.get(tool) ?? [], 99)),
      p50_ratio: Number((loadedP50 / soloP50).toFixed(2)),
    };
  });
  console.log(
    `${CLIENTS} clients over Streamable HTTP for ${DURATION_S} s, the three demo journeys in turn; fixtures ${FIXTURES_IN_SERVER ? 'in the server process' : 'in a process of their own'}`,
  );
  for (const row of rows) {
    console.log(
      `${row.tool.padEnd(26)} solo p50 ${String(row.solo_p50_ms).padStart(5)} ms   loaded p50 ${String(row.loaded_p50_ms).padStart(6)} ms  p99 ${String(row.loaded_p99_ms).padStart(6)} ms  ${row.p50_ratio}x  (${row.calls} calls)`,
    );
  }
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const queryRatio = rows.find((row) => row.tool === 'query_resource')?.p50_ratio ?? Number.NaN;
  const rssReturn = after / warm;
  const round = (n: number | null) => (n === null ? null : Number(n.toFixed(1)));
  console.log(
    `CPU during the run: server ${round(cpu.server_s)} s, engine processes ${round(cpu.engines_s)} s, fixtures ${cpu.fixtures_s === null ? 'in the server' : `${round(cpu.fixtures_s)} s`}, bench clients ${round(cpu.clients_s)} s (${CORES} cores x ${DURATION_S} s = ${cpu.available_s} s)`,
  );
  for (const [kind, count] of failureKinds) console.log(`  failed ${count}x ${kind}`);
  console.log(`errors ${errors}; server RSS warm ${mb(warm)} MB, peak ${mb(peak)} MB, after ${mb(after)} MB`);
  console.log(
    `  of which engine processes: warm ${mb(warmEngines)} MB, after ${mb(childrenResidentBytes(pid))} MB`,
  );
  console.log(
    `query_resource loaded/solo p50 = ${queryRatio}x (goal <= 5); RSS after/warm = ${rssReturn.toFixed(2)} ` +
      `${settleS} s after the run (goal <= ${RSS_RETURN_GOAL}, read every 2 s for up to ${SETTLE_LIMIT_MS / 1000} s)`,
  );
  console.log(
    JSON.stringify({
      bench: 'load',
      clients: CLIENTS,
      seconds: DURATION_S,
      fixtures: FIXTURES_IN_SERVER ? 'in_server' : 'own_process',
      errors,
      tools: rows,
      cpu_s: Object.fromEntries(Object.entries(cpu).map(([key, value]) => [key, round(value)])),
      rss_warm_mb: mb(warm),
      rss_peak_mb: mb(peak),
      rss_after_mb: mb(after),
      rss_settle_s: settleS,
      goals_met: errors === 0 && queryRatio <= 5 && rssReturn <= RSS_RETURN_GOAL,
    }),
  );
} finally {
  child.kill('SIGTERM');
  fixtures?.child.stdin?.end();
}
