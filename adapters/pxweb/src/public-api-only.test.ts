import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The adapter stands for a third party's: it may reach core only through the entry points core
// publishes, and no other package of this repository at all.
const here = fileURLToPath(new URL('.', import.meta.url));
const coreManifest = JSON.parse(
  readFileSync(new URL('../../../packages/core/package.json', import.meta.url), 'utf8'),
) as { exports: Record<string, unknown> };
const published = new Set(
  Object.keys(coreManifest.exports).map((key) => `@opendata-mcp/core${key.slice(1)}`),
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

it('imports only published entry points of @opendata-mcp/core', () => {
  const imports = sources(here).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '(@opendata-mcp\/[^']+)'/g)].map((m) => ({
      file,
      specifier: m[1],
    })),
  );
  expect(imports.length).toBeGreaterThan(10);
  for (const { file, specifier } of imports) expect(published, `${file}: ${specifier}`).toContain(specifier);
});
