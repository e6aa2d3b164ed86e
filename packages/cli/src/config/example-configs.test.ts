import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../default-registry.js';
import { parseConfig } from './parse-config.js';

const dir = new URL('../../../../examples/configs/', import.meta.url);

describe('example configurations', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('exist', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files)('%s is valid', (file) => {
    const raw = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    expect(parseConfig(raw, defaultRegistry, file).adapters.length).toBeGreaterThan(0);
  });
});
