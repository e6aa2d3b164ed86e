import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// What each entry point exports, written to public-api.txt beside package.json: a name added to or
// dropped from the public surface shows in review as a line of that file, and fails here until the
// file is updated (`vitest -u`).
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  exports: Record<string, Record<string, string>>;
};

interface Exported {
  name: string;
  typeOnly: boolean;
  module: string;
}

const src = new URL('./', import.meta.url);

/** The names an entry file exports, each under its module's path in src/; lists are explicit. */
function exportsOf(text: string, file: URL): Exported[] {
  return [...text.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)].flatMap((m) =>
    (m[2] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => ({
        name: item.replace(/^type\s+/, ''),
        typeOnly: Boolean(m[1]) || item.startsWith('type '),
        module: new URL(m[3] ?? '', file).href.slice(src.href.length).replace(/\.js$/, ''),
      })),
  );
}

const entries = Object.entries(manifest.exports).map(([key, conditions]) => {
  const file = new URL(`.${conditions['@opendata-mcp/source']?.slice(1)}`, new URL('../', import.meta.url));
  const text = readFileSync(file, 'utf8');
  return { specifier: manifest.name + key.slice(1), file, text, exported: exportsOf(text, file) };
});

function describeEntry({ specifier, exported }: (typeof entries)[number]): string {
  const modules = [...new Set(exported.map((e) => e.module))].sort();
  const lines = modules.map((module) => {
    const names = exported
      .filter((e) => e.module === module)
      .map((e) => (e.typeOnly ? `type ${e.name}` : e.name))
      .sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
    return `  ${module}: ${names.join(', ')}`;
  });
  return [`${specifier} (${exported.length})`, ...lines].join('\n');
}

it('lists every entry point with explicit named exports only', () => {
  for (const { specifier, text } of entries) expect(text, specifier).not.toMatch(/export\s*\*/);
});

it('reads the same values from each entry file as the module exports at run time', async () => {
  for (const { specifier, file, exported } of entries) {
    const values = exported.filter((e) => !e.typeOnly).map((e) => e.name);
    expect(Object.keys(await import(file.href)).sort(), specifier).toEqual(values.sort());
  }
});

it('exports from each entry point what public-api.txt records', async () => {
  const text = `${entries.map(describeEntry).join('\n\n')}\n`;
  await expect(text).toMatchFileSnapshot('../public-api.txt');
});
