// `pnpm check:install`: what a user gets from the npm registry, checked before anything is
// published. Packs every publishable workspace package (`pnpm pack`, which writes real versions in
// place of workspace ranges), installs the tarballs with npm into an empty folder (third-party
// dependencies come from the npm registry), then, from that folder only: runs the offline demo,
// and holds a stdio session with `opendata-mcp serve --offline` and with each reference server
// (initialize, tools/list, one tool call answered from the loopback fixtures).
// Each package's pack hook compiles it and bundles its binaries; the file list of every tarball is
// checked (scripts/tarball-files.mjs), and the install must not pull a bundler.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAndInstall, run } from './pack-workspace.mjs';

const SESSION_TIMEOUT_MS = 60_000;

/** Each binary and the call that proves it answers from its offline fixture. */
const SESSIONS = [
  {
    bin: 'opendata-mcp',
    args: ['serve', '--offline'],
    call: { name: 'search_datasets', arguments: { query: 'kyiv' } },
  },
  {
    bin: 'opendata-mcp-lindas',
    args: ['--offline'],
    call: { name: 'search_cubes', arguments: { query: 'waldbrand' } },
  },
  { bin: 'opendata-mcp-ckan', args: ['--offline'], call: { name: 'list_organizations', arguments: {} } },
  {
    bin: 'opendata-mcp-sdmx',
    args: ['--offline'],
    call: { name: 'search_dataflows', arguments: { query: 'mortality' } },
  },
];

/** Speaks raw JSON-RPC over the binary's stdio: the frames any MCP client sends. */
function stdioSession(bin, args, call) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const answers = new Map();
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${bin}: no answer within ${SESSION_TIMEOUT_MS} ms\n${err.slice(-2000)}`));
    }, SESSION_TIMEOUT_MS);
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout.on('data', (chunk) => {
      out += chunk;
      let newline = out.indexOf('\n');
      while (newline >= 0) {
        const message = JSON.parse(out.slice(0, newline));
        out = out.slice(newline + 1);
        if (message.id !== undefined) answers.set(message.id, message);
        newline = out.indexOf('\n');
      }
      if (answers.has(3)) {
        clearTimeout(timer);
        child.stdin.end();
        child.kill();
        resolve({ tools: answers.get(2)?.result?.tools ?? [], result: answers.get(3) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!answers.has(3))
        reject(new Error(`${bin} exited with ${code} before answering\n${err.slice(-2000)}`));
    });
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'check-install', version: '0' },
      },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list', params: {} });
    send({ id: 3, method: 'tools/call', params: call });
  });
}

const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'opendata-install-'));
try {
  const app = join(work, 'app');
  const count = packAndInstall(work, app);
  console.log(`packed and installed ${count} packages`);
  const bin = (name) => join(app, 'node_modules', '.bin', name);

  const demo = run(bin('opendata-mcp'), ['demo'], { cwd: app });
  const [, answered, journeys] = demo.match(/(\d+)\/(\d+) demo journeys answered/) ?? [];
  if (!journeys || answered !== journeys || journeys === '0') {
    throw new Error(`demo from the install did not answer every journey:\n${demo}`);
  }
  console.log(`demo: ${answered}/${journeys} journeys answered from the installed packages`);

  // The chart page ships built: an installed server reads it from a file, with no bundler around.
  if (existsSync(join(app, 'node_modules', 'esbuild'))) throw new Error('a user install pulls esbuild');
  const page = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('@opendata-mcp/charts/render'); console.log((await m.chartAppPage()).length);",
    ],
    { cwd: app },
  );
  if (!(Number(page) > 100_000)) throw new Error(`the installed chart page is missing: ${page}`);
  console.log(`chart page: ${(Number(page) / 1024).toFixed(0)} KiB read from the installed charts package`);

  for (const session of SESSIONS) {
    const { tools, result } = await stdioSession(bin(session.bin), session.args, session.call);
    const content = result.result?.structuredContent;
    if (!tools.some((t) => t.name === session.call.name) || content?.ok !== true || !content.source) {
      throw new Error(
        `${session.bin}: ${session.call.name} did not answer with an envelope: ${JSON.stringify(result).slice(0, 500)}`,
      );
    }
    console.log(
      `${session.bin}: ${tools.length} tools, ${session.call.name} answered, cited "${String(content.citation).slice(0, 60)}…"`,
    );
  }
  console.log(`install check passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
