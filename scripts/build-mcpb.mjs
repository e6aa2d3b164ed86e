// `pnpm bundle:mcpb`: an MCP Bundle (.mcpb) of `opendata-mcp serve` for Claude Desktop. The bundle
// holds the packed packages installed with npm (so exactly what the registry would give), the
// manifest of packages/cli/mcpb with the version and the platform filled in, and is checked and
// packed by the official bundle tool, then unpacked and run. DuckDB is native: a bundle runs on the platform it was built
// on, which the manifest says; build one per platform. Writes build/mcpb/opendata-mcp-<version>-<platform>-<arch>.mcpb.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAndInstall, root, run } from './pack-workspace.mjs';

const MCPB_CLI = '@anthropic-ai/mcpb@2.1.2';
// The bundle tool runs under the Node that runs this script (it states no engine of its own).
const mcpb = (args, cwd) => run('npx', ['-y', MCPB_CLI, ...args], { cwd });

const { version } = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, 'packages/cli/mcpb/manifest.json'), 'utf8'));
manifest.version = version;
manifest.compatibility = { ...manifest.compatibility, platforms: [process.platform] };

const work = mkdtempSync(join(tmpdir(), 'opendata-mcpb-'));
try {
  const stage = join(work, 'stage');
  packAndInstall(work, join(stage, 'server'));
  // Only what runs: the install's own manifest and lock are not part of the server.
  rmSync(join(stage, 'server', 'package-lock.json'), { force: true });
  writeFileSync(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(join(root, 'README.md'), join(stage, 'README.md'));
  mcpb(['validate', join(stage, 'manifest.json')], stage);
  const outDir = join(root, 'build', 'mcpb');
  mkdirSync(outDir, { recursive: true });
  const out = join(outDir, `opendata-mcp-${version}-${process.platform}-${process.arch}.mcpb`);
  rmSync(out, { force: true });
  console.log(mcpb(['pack', stage, out], stage).trim().split('\n').slice(-12).join('\n'));
  // What Claude Desktop unpacks must still run: the tool's default ignore list drops files.
  const unpacked = join(work, 'unpacked');
  mcpb(['unpack', out, unpacked], work);
  const entry = join(unpacked, manifest.server.entry_point);
  const demo = run(process.execPath, [entry, 'demo'], { cwd: unpacked });
  const [, answered, journeys] = demo.match(/(\d+)\/(\d+) demo journeys answered/) ?? [];
  if (!journeys || answered !== journeys)
    throw new Error(`the unpacked bundle did not run the demo:\n${demo}`);
  console.log(`wrote ${out}; unpacked, it answers ${answered}/${journeys} demo journeys`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
