// What a published tarball may hold, checked on the file list of every tarball `pnpm pack` wrote:
// each bin and export the manifest names exists, no tests or test scaffolding ship (only core's
// public testing entry), and the top-level layout is the one recorded in published-layout.json, so
// a file added to or dropped from a package's tarball is a visible change.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LAYOUT_FILE = join(import.meta.dirname, 'published-layout.json');
const TEST_FILES = /(\.test\.|\.test-support\.|\.tsbuildinfo$|(^|\/)bundle\/meta\.json$)/;
const SCAFFOLDING = /^(src|dist)\/testing\//;

function filesOf(tarball) {
  const listed = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`tar could not list ${tarball}: ${listed.stderr}`);
  return listed.stdout
    .split('\n')
    .filter((path) => path && !path.endsWith('/'))
    .map((path) => path.replace(/^package\//, ''));
}

function manifestOf(tarball) {
  const read = spawnSync('tar', ['-xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' });
  return JSON.parse(read.stdout);
}

function exportTargets(exports) {
  if (typeof exports === 'string') return [exports];
  if (!exports || typeof exports !== 'object') return [];
  return Object.entries(exports)
    .filter(([condition]) => condition !== '@opendata-mcp/source')
    .flatMap(([, value]) => exportTargets(value));
}

/** Every problem found in one tarball; empty when it is as it should be. */
function problemsOf(tarball, layout) {
  const files = filesOf(tarball);
  const present = new Set(files);
  const manifest = manifestOf(tarball);
  const problems = [];
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  for (const target of [...bins, ...exportTargets(manifest.exports)]) {
    if (!present.has(target.replace(/^\.\//, ''))) problems.push(`names ${target}, which it does not hold`);
  }
  const publicTesting = Boolean(manifest.exports?.['./testing']);
  for (const file of files) {
    if (TEST_FILES.test(file)) problems.push(`ships ${file}`);
    if (SCAFFOLDING.test(file) && !publicTesting) problems.push(`ships test scaffolding ${file}`);
  }
  const top = [...new Set(files.map((file) => file.split('/')[0]))].sort();
  const expected = layout[manifest.name];
  if (!expected)
    problems.push(`has no recorded layout in published-layout.json (it holds ${top.join(', ')})`);
  else if (top.join() !== [...expected].sort().join())
    problems.push(
      `holds ${top.join(', ')} at its top level; published-layout.json says ${expected.join(', ')}`,
    );
  return { name: manifest.name, files: files.length, problems };
}

/** Checks every tarball; throws with the whole list of problems, or returns each package's file count. */
export function checkTarballFiles(tarballs) {
  const layout = JSON.parse(readFileSync(LAYOUT_FILE, 'utf8'));
  const results = tarballs.map((tarball) => problemsOf(tarball, layout));
  const failed = results.filter((r) => r.problems.length > 0);
  if (failed.length > 0) {
    const lines = failed.flatMap((r) => r.problems.map((p) => `${r.name} ${p}`));
    throw new Error(`published files are not as expected:\n${lines.join('\n')}`);
  }
  return results;
}
