import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './build-workspace.js';

// Every package a user can install ships a README that names it (npm packs README.md whatever `files` says).
const published = ['packages', 'adapters', 'examples'].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'package.json')))
    .map((entry) => join(group, entry.name))
    .filter(
      (dir) =>
        !(JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { private?: boolean }).private,
    ),
);

describe('package READMEs', () => {
  it('covers every published package', () => {
    expect(published).toEqual(expect.arrayContaining(['packages/core', 'packages/cli', 'adapters/pxweb']));
  });

  it.each(published)('%s has a README that names the package', (dir) => {
    const { name } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string };
    const readme = join(root, dir, 'README.md');
    expect(existsSync(readme), `${dir}/README.md`).toBe(true);
    expect(readFileSync(readme, 'utf8').split('\n')[0]).toBe(`# ${name}`);
  });

  // The README is read from node_modules too, where the repository around the package is absent.
  it.each(published)('%s links only to files it ships or to absolute addresses', (dir) => {
    const text = readFileSync(join(root, dir, 'README.md'), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    const relative = targets.filter((t) => !/^(https?:|mailto:|#)/.test(t));
    const outside = relative.filter((t) => t.startsWith('..') || t.startsWith('/'));
    const missing = relative.filter(
      (t) => !outside.includes(t) && !existsSync(join(root, dir, t.split('#')[0] ?? '')),
    );
    expect({ outside, missing }).toEqual({ outside: [], missing: [] });
  });
});
