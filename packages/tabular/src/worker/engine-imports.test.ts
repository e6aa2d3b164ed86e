import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules an engine process loads as it boots: worker-main.ts and what it imports statically,
 * followed through this package's own files (type-only imports and `import()` load nothing then).
 */
function bootImports(): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const pending = [fileURLToPath(new URL('./worker-main.ts', import.meta.url))];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/^import (?!type )[^;]*? from '([^']+)';$/gms)].map(
      (m) => m[1] ?? '',
    );
    seen.set(file, specifiers);
    for (const specifier of specifiers)
      if (specifier.startsWith('.'))
        pending.push(fileURLToPath(new URL(specifier.replace(/\.js$/, '.ts'), `file://${file}`)));
  }
  return seen;
}

describe('what an engine process loads as it boots', () => {
  it('follows the imports of its own files', () => {
    const files = [...bootImports().keys()].map((file) => file.split('/src/')[1]);
    expect(files).toEqual(expect.arrayContaining(['worker/worker-main.ts', 'engine/create-engine.ts']));
  });

  it("never the core's root entry, which would load schemas, search and place names into every process", () => {
    const importers = [...bootImports()]
      .filter(([, specifiers]) => specifiers.includes('@opendata-mcp/core'))
      .map(([file]) => file.split('/src/')[1]);
    expect(importers).toEqual([]);
  });
});
