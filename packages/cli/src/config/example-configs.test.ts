import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../default-registry.js';
import { loadPlugins } from '../plugins/load-plugins.js';
import { parseConfig, parseConfigShape } from './parse-config.js';

const dir = new URL('../../../../examples/configs/', import.meta.url);

describe('example configurations', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('exist', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  // As the command reads them: plugins named in a file are loaded from beside it, then every entry is checked.
  it.each(files)('%s is valid', async (file) => {
    const raw = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    const registry = await loadPlugins(
      parseConfigShape(raw, file),
      defaultRegistry,
      fileURLToPath(dir),
      file,
    );
    expect(parseConfig(raw, registry, file).adapters.length).toBeGreaterThan(0);
  });
});
