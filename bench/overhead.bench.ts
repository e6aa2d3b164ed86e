// `pnpm bench overhead`: the round trip of a trivial tool called directly (server.callTool),
// through the in-process SDK client, over stdio (a spawned process running the built core) and
// over Streamable HTTP, in both protocol eras; p50/p99 and the ratio to the direct call. Then the
// cold start, process spawn to an answered tools/list, of the trivial core-only server and of the
// real `opendata-mcp serve` (default configuration, every adapter), beside an empty node process.
// Builds the CLI and what it references first (`tsc -b`) so the spawned servers run dist/ without a
// TypeScript loader. Also prints the size of `tools/list` per tool and in total for the server with
// every built-in backend (`serve --offline`), against its budget. Ends with one JSON line.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { silentLogger, startHttpServer } from '@opendata-mcp/core/server';
import { connectInProcess } from '@opendata-mcp/core/testing';
import { TOOL_LIST_BUDGET_BYTES } from '../packages/cli/src/tool-list-budget.js';
import { trivialServer } from './overhead-server.mjs';

const ITERATIONS = 2_000;
const WARMUP = 200;
const COLD_STARTS = 10;
const GOALS = { stdioAddedP50Ms: 1, httpAddedP50Ms: 3, coldStartMs: 300 };
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const serverScript = join(here, 'overhead-server.mjs');
// The published binary is the bundle; the unbundled one (compiled dist/) runs beside it for the ratio.
const cliBin = join(root, 'packages/cli/bundle/opendata-mcp.js');
const cliUnbundled = join(root, 'packages/cli/bin/opendata-mcp.js');
const ARGS = { name: 'echo_text', arguments: { text: 'x' } };

interface Figures {
  p50: number;
  p99: number;
}

async function measure(call: () => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) await call();
  const samples = new Float64Array(ITERATIONS);
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await call();
    samples[i] = performance.now() - start;
  }
  samples.sort();
  const at = (q: number) => samples[Math.min(ITERATIONS - 1, Math.floor(q * ITERATIONS))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

type Era = 'legacy' | 'modern';
function client(era: Era): Client {
  return new Client(
    { name: 'overhead-bench', version: '0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
}

async function overClient(era: Era, transport: Transport): Promise<Figures> {
  const c = client(era);
  await c.connect(transport);
  try {
    return await measure(() => c.callTool(ARGS));
  } finally {
    await c.close();
  }
}

/** Spawn to the tools/list answer, speaking raw JSON-RPC so no client start-up is counted. */
async function coldStart(args: string[]): Promise<number> {
  return (await listTools(args)).elapsed;
}

/** Spawns a server, asks for its tools and returns the raw answer line with the time it took. */
function listTools(args: string[]): Promise<{ elapsed: number; line: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    // The CLI logs its start-up to stderr; only stdout carries the protocol.
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('"id":2'));
      if (line && out.slice(out.indexOf(line) + line.length).startsWith('\n')) {
        const elapsed = performance.now() - start;
        child.kill();
        resolve({ elapsed, line });
      }
    });
    child.once('error', reject);
    // After the answer this is a no-op; before it, a server that died would otherwise hang the bench.
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before answering`)));
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'bench', version: '0' },
      },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
  });
}

/** The floor any spawned Node server pays: start and exit of an empty script. */
function nodeFloor(): number {
  const start = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - start;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const ms = (value: number) => value.toFixed(3).padStart(8);

const build = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/cli'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('tsc -b packages/cli failed; the spawned legs need the built code.');
const bundle = spawnSync(process.execPath, [join(root, 'scripts/bundle.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (bundle.status !== 0)
  throw new Error('scripts/bundle.mjs failed; the cold start of the CLI needs its bundle.');

const server = trivialServer(silentLogger);
const legs: Record<string, Figures> = {};
legs.direct = await measure(() => server.callTool(ARGS.name, ARGS.arguments));
const pair = await connectInProcess(server);
legs.in_process = await measure(() => pair.client.callTool(ARGS));
await pair.close();
for (const era of ['legacy', 'modern'] as const) {
  legs[`stdio_${era}`] = await overClient(
    era,
    new StdioClientTransport({ command: process.execPath, args: [serverScript], stderr: 'inherit' }),
  );
}
const http = await startHttpServer(server, silentLogger, { port: 0 });
for (const era of ['legacy', 'modern'] as const) {
  legs[`http_${era}`] = await overClient(era, new StreamableHTTPClientTransport(new URL(http.url)));
}
await http.close();

// Interleaved, so a burst of load on a shared machine hits all three alike.
const starts: number[] = [];
const cliStarts: number[] = [];
const unbundledStarts: number[] = [];
const floors: number[] = [];
for (let i = 0; i < COLD_STARTS; i++) {
  floors.push(nodeFloor());
  starts.push(await coldStart([serverScript]));
  cliStarts.push(await coldStart([cliBin, 'serve']));
  unbundledStarts.push(await coldStart([cliUnbundled, 'serve']));
}

const direct = legs.direct as Figures;
console.log(`trivial tool round trip, ${ITERATIONS} calls per leg after ${WARMUP} warm-up calls (ms)`);
console.log('leg                  p50      p99   added p50   ratio p50');
const report: Record<string, Figures & { added_p50: number; ratio_p50: number }> = {};
for (const [name, figures] of Object.entries(legs)) {
  const added = figures.p50 - direct.p50;
  const ratio = figures.p50 / direct.p50;
  report[name] = { ...figures, added_p50: added, ratio_p50: ratio };
  console.log(
    `${name.padEnd(14)} ${ms(figures.p50)} ${ms(figures.p99)} ${ms(added)}   ${ratio.toFixed(1).padStart(8)}x`,
  );
}
const cold = median(starts);
const cliCold = median(cliStarts);
const unbundledCold = median(unbundledStarts);
const floor = median(floors);
console.log(
  `cold start, spawn to answered tools/list (median of ${COLD_STARTS}), an empty node process: ${floor.toFixed(1)} ms`,
);
console.log(
  `  core only (trivial server):  ${cold.toFixed(1)} ms, ${(cold - floor).toFixed(1)} ms above the empty process`,
);
console.log(
  `  opendata-mcp serve, unbundled: ${unbundledCold.toFixed(1)} ms, ${(unbundledCold / floor).toFixed(2)}x the empty process`,
);
console.log(
  `  opendata-mcp serve (bundle): ${cliCold.toFixed(1)} ms, ${(cliCold - floor).toFixed(1)} ms above the empty process, ${(cliCold / floor).toFixed(2)}x it`,
);

const { line: listLine } = await listTools([cliBin, 'serve', '--offline']);
const listed = JSON.parse(listLine).result as { tools: Array<Record<string, unknown>> };
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const toolListBytes = bytes(listed);
console.log(`tools/list of opendata-mcp serve --offline (every built-in backend), bytes of JSON`);
console.log('tool                          total   input  output  description');
const toolSizes: Record<string, number> = {};
for (const tool of listed.tools) {
  toolSizes[tool.name as string] = bytes(tool);
  console.log(
    `${String(tool.name).padEnd(28)} ${String(bytes(tool)).padStart(6)}  ${String(bytes(tool.inputSchema)).padStart(6)}  ` +
      `${String(bytes(tool.outputSchema ?? null)).padStart(6)}  ${String(bytes(tool.description)).padStart(6)}`,
  );
}
console.log(
  `  ${listed.tools.length} tools, ${toolListBytes} bytes (${(toolListBytes / 1024).toFixed(1)} KB), ` +
    `budget ${TOOL_LIST_BUDGET_BYTES / 1024} KB`,
);
const worst = (prefix: string) =>
  Math.max(
    ...Object.entries(report)
      .filter(([k]) => k.startsWith(prefix))
      .map(([, v]) => v.added_p50),
  );
const goals = {
  stdio: worst('stdio') <= GOALS.stdioAddedP50Ms,
  http: worst('http') <= GOALS.httpAddedP50Ms,
  // The goal is the binary a client spawns; the unbundled core-only server is printed for scale.
  cold_start_cli: cliCold <= GOALS.coldStartMs,
  tool_list: toolListBytes <= TOOL_LIST_BUDGET_BYTES,
};
console.log(
  `goals: stdio added p50 <= ${GOALS.stdioAddedP50Ms} ms ${goals.stdio ? 'met' : 'MISSED'}; ` +
    `HTTP added p50 <= ${GOALS.httpAddedP50Ms} ms ${goals.http ? 'met' : 'MISSED'}; ` +
    `cold start of opendata-mcp serve <= ${GOALS.coldStartMs} ms ${goals.cold_start_cli ? 'met' : 'MISSED'}; ` +
    `tools/list <= ${TOOL_LIST_BUDGET_BYTES / 1024} KB ${goals.tool_list ? 'met' : 'MISSED'}`,
);
const round = (value: number) => Math.round(value * 1000) / 1000;
console.log(
  JSON.stringify({
    bench: 'overhead',
    iterations: ITERATIONS,
    legs: Object.fromEntries(
      Object.entries(report).map(([k, v]) => [
        k,
        {
          p50_ms: round(v.p50),
          p99_ms: round(v.p99),
          added_p50_ms: round(v.added_p50),
          ratio_p50: round(v.ratio_p50),
        },
      ]),
    ),
    cold_start_ms: round(cold),
    cold_start_cli_ms: round(cliCold),
    node_floor_ms: round(floor),
    cold_start_above_floor_ms: round(cold - floor),
    cold_start_cli_above_floor_ms: round(cliCold - floor),
    cold_start_cli_ratio_to_node: round(cliCold / floor),
    cold_start_cli_unbundled_ms: round(unbundledCold),
    cold_start_cli_bundle_ratio_to_unbundled: round(cliCold / unbundledCold),
    tool_list_bytes: toolListBytes,
    tool_list_tools: listed.tools.length,
    tool_bytes: toolSizes,
    goals,
  }),
);
