import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every upstream call must go through ctx.http; these would open a path around its guards.
const FORBIDDEN_MODULE =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"](?:undici|node:https?|https?)(?:\/[^'"]*)?['"]/;
// A call of the global fetch: not a method such as `ctx.http.fetch(`, not a method definition.
const GLOBAL_FETCH = /(?:^|[^.\w$])fetch\s*\(|\bglobalThis\s*\.\s*fetch\b/;
const METHOD_DEFINITION = /^\s*(?:async\s+)?fetch\s*(?:<[^>]*>)?\s*\([^)]*\)\s*(?::[^={]+)?\{/;

const root = fileURLToPath(new URL('../../../../', import.meta.url));

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The lines of a source file that bypass the guarded client. */
function bypasses(source: string): string[] {
  return stripComments(source)
    .split('\n')
    .filter(
      (line) => FORBIDDEN_MODULE.test(line) || (GLOBAL_FETCH.test(line) && !METHOD_DEFINITION.test(line)),
    )
    .map((line) => line.trim());
}

function sourceFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:[cm]?ts|[cm]?js)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function guardedDirs(): string[] {
  const adapters = readdirSync(join(root, 'adapters'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, 'adapters', entry.name, 'src'));
  return [...adapters, join(root, 'packages', 'tabular', 'src')];
}

describe('no way around the guarded client', () => {
  it('recognises every forbidden import and global fetch call', () => {
    const offending = [
      "import { request } from 'undici';",
      "import http from 'node:http';",
      'import * as https from "https";',
      "import { Agent } from 'node:https';",
      "const { fetch: f } = await import('undici');",
      "const http = require('http');",
      "import 'undici/lib/api/index.js';",
      'const res = await fetch(url);',
      'const res = await globalThis.fetch(url);',
      '  return fetch(base + "/x", { method: "POST" });',
    ];
    for (const line of offending) expect(bypasses(line), line).toHaveLength(1);
    const allowed = [
      'const res = await ctx.http.fetch({ url });',
      "import { startLoopbackServer } from '@opendata-mcp/core/testing';",
      '  async fetch(request: HttpRequest): Promise<HttpResponse> {',
      '// we never call fetch() directly',
      "const label = 'prefetch(';",
    ];
    for (const line of allowed) expect(bypasses(line), line).toEqual([]);
  });

  it('finds no bypass in adapter or tabular sources', () => {
    const files = guardedDirs().flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) =>
      bypasses(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
