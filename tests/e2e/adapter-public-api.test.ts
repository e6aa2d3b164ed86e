import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './build-workspace.js';

// Every adapter stands for a third party's: it reaches this repository's packages only through the
// entry points they publish, never by a path into their sources. Its own code (what its package
// ships) never needs the hosts' entry point; its tests and scripts serve it, as a host does, and may.
const HOST_ENTRY = '@opendata-mcp/core/server';
const adapters = [
  ...readdirSync(join(root, 'adapters')).map((name) => join('adapters', name)),
  'examples/example-adapter',
].filter((dir) => existsSync(join(root, dir, 'package.json')));

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
}

const published = new Set(
  ['packages', 'adapters', 'examples'].flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => join(root, group, name, 'package.json'))
      .filter((file) => existsSync(file))
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Manifest)
      .filter((manifest) => !manifest.private)
      .flatMap((manifest) => Object.keys(manifest.exports ?? {}).map((key) => manifest.name + key.slice(1))),
  ),
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.m?ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier a file names: static imports, re-exports and dynamic imports. */
function specifiersOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^']+)'/gm)].map((m) => m[1] ?? '');
}

it('reads static imports, re-exports, dynamic and side-effect imports', () => {
  const text = [
    "import { a } from '@opendata-mcp/core/src/index.js';",
    "export type { B } from '../../packages/core/src/index.js';",
    "const c = await import('@opendata-mcp/core/server');",
    "import './side-effect.js';",
  ].join('\n');
  expect(specifiersOf(text)).toEqual([
    '@opendata-mcp/core/src/index.js',
    '../../packages/core/src/index.js',
    '@opendata-mcp/core/server',
    './side-effect.js',
  ]);
});

const isShipped = (file: string) => /\/src\//.test(file) && !/\.test(-support)?\.ts$/.test(file);

describe.each(adapters)('%s', (dir) => {
  const files = sources(join(root, dir)).map((file) => ({
    file: relative(root, file),
    specifiers: specifiersOf(readFileSync(file, 'utf8')),
  }));

  it('imports the repository packages through their published entry points only', () => {
    const named = files.flatMap(({ file, specifiers }) =>
      specifiers.filter((s) => s.startsWith('@opendata-mcp/')).map((s) => `${file}: ${s}`),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((line) => !published.has(line.split(': ')[1] ?? ''))).toEqual([]);
  });

  it('reaches no file outside its own folder by a relative path', () => {
    const outside = files.flatMap(({ file, specifiers }) =>
      specifiers
        .filter((s) => s.startsWith('.'))
        .filter((s) => relative(join(root, dir), resolve(root, file, '..', s)).startsWith('..'))
        .map((s) => `${file}: ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it(`needs nothing from ${HOST_ENTRY} in the code it ships`, () => {
    const shipped = files.filter(({ file }) => isShipped(file));
    expect(shipped.length).toBeGreaterThan(0);
    const host = shipped.filter(({ specifiers }) => specifiers.includes(HOST_ENTRY)).map(({ file }) => file);
    expect(host).toEqual([]);
  });
});
