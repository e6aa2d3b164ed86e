// Packs every publishable workspace package and installs the tarballs with npm into a folder: what
// a user gets from the npm registry, before anything is published. Shared by the install check and
// the MCP Bundle build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTarballFiles } from './tarball-files.mjs';

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

/**
 * Packs every publishable package into `into` (each package's pack hook compiles it and bundles its
 * bins) and checks each tarball's file list; resolves the tarballs' paths.
 */
export function packAll(into) {
  mkdirSync(into, { recursive: true });
  run('pnpm', ['exec', 'tsc', '-b'], { cwd: root, stdio: 'inherit' });
  const before = new Set(readdirSync(into));
  for (const dir of publishablePackages()) run('pnpm', ['pack', '--pack-destination', into], { cwd: dir });
  const files = readdirSync(into)
    .filter((f) => f.endsWith('.tgz') && !before.has(f))
    .map((f) => join(into, f));
  for (const { name, files: count } of checkTarballFiles(files)) console.log(`${name}: ${count} files`);
  return files;
}

/** Packs every package into `work/tarballs` and installs the tarballs with npm into `into`. */
export function packAndInstall(work, into) {
  const files = packAll(join(work, 'tarballs'));
  mkdirSync(into, { recursive: true });
  writeFileSync(join(into, 'package.json'), JSON.stringify({ name: 'opendata-mcp-install', private: true }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...files], {
    cwd: into,
  });
  return files.length;
}
