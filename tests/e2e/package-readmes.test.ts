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

// Every README in the workspace, published or not: an unclosed fence turns the rest of a page into code.
const readmes = ['packages', 'adapters', 'examples'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => join(group, name, 'README.md'))
    .filter((file) => existsSync(join(root, file))),
);

/**
 * Code fences that do not close the way they open, by line number. Renderers close a fence at any
 * line of at least as many backticks, so a longer opener silently swallows shorter fences: each
 * block is closed by a bare copy of its own opener, and no other fence line appears inside it.
 */
function fenceProblems(text: string): string[] {
  const problems: string[] = [];
  let open: { marker: string; line: number } | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) continue;
    const [, marker = '', rest = ''] = fence;
    if (!open) open = { marker, line: index + 1 };
    else if (marker === open.marker && rest.trim() === '') open = undefined;
    else
      problems.push(
        `line ${index + 1}: "${line.trim().slice(0, 20)}" inside the block opened on line ${open.line}`,
      );
  }
  if (open) problems.push(`line ${open.line}: "${open.marker}" is never closed`);
  return problems;
}

describe('package READMEs', () => {
  it('finds a fence closed by another fence, a fence in a block and a fence never closed', () => {
    const broken = ['````ts', 'a();', '``` prose after a fence', '```ts', '````', '', '```json', '{}'].join(
      '\n',
    );
    expect(fenceProblems(broken)).toEqual([
      'line 3: "``` prose after a fe" inside the block opened on line 1',
      'line 4: "```ts" inside the block opened on line 1',
      'line 7: "```" is never closed',
    ]);
  });

  it.each(readmes)('%s closes every code fence with the fence that opened it', (file) => {
    expect(fenceProblems(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

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
