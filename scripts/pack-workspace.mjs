// Packs every publishable workspace package and installs the tarballs with npm into a folder: what
// a user gets from the npm registry, before anything is published. Shared by the install check and
// the MCP Bundle build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACE_FOLDERS = ['packages', 'adapters', 'examples'];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

function publishablePackages() {
  return WORKSPACE_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder))
      .map((name) => join(root, folder, name))
      .filter((dir) => existsSync(join(dir, 'package.json')))
      .filter((dir) => !JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private),
  );
}

/** Bundles the binaries, packs every package into `work/tarballs` and installs them into `into`. */
export function packAndInstall(work, into) {
  run(process.execPath, [join(root, 'scripts/bundle.mjs')], { stdio: 'inherit' });
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  for (const dir of publishablePackages())
    run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: dir });
  const files = readdirSync(tarballs).map((f) => join(tarballs, f));
  mkdirSync(into, { recursive: true });
  writeFileSync(join(into, 'package.json'), JSON.stringify({ name: 'opendata-mcp-install', private: true }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...files], {
    cwd: into,
  });
  return files.length;
}
