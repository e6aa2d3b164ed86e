import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './build-workspace.js';

// The adapters share one layout, so a reader who knows one finds their way in the others and a new
// adapter has a model to copy: the same file for the same concept, named after the adapter.
const adapters = readdirSync(join(root, 'adapters')).filter((name) =>
  existsSync(join(root, 'adapters', name, 'package.json')),
);

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

describe.each(adapters)('adapters/%s', (name) => {
  const src = join(root, 'adapters', name, 'src');
  const read = (file: string) => readFileSync(join(src, file), 'utf8');

  it('has one file per shared concept, named after the adapter', () => {
    const expected = [
      `create-${name}-adapter.ts`,
      `${name}-options.ts`,
      `${name}-runtime.ts`,
      `${name}-source.ts`,
      `${name}-health.ts`,
      `${name}-demo-journey.ts`,
      `${name}-demo-journey.test.ts`,
      `${name}-conformance.test.ts`,
    ];
    expect(expected.filter((file) => !existsSync(join(src, file)))).toEqual([]);
    expect(readdirSync(src).filter((file) => /^search-[a-z]+-capability\.ts$/.test(file))).toHaveLength(1);
  });

  it('names its runtime, options schema, source and health after the adapter', () => {
    const Name = pascal(name);
    expect(read(`${name}-runtime.ts`)).toMatch(new RegExp(`export interface ${Name}Runtime\\b`));
    expect(read(`${name}-options.ts`)).toMatch(new RegExp(`export const ${Name}OptionsSchema\\b`));
    expect(read(`${name}-options.ts`)).toContain(`id: instanceIdParam('${name}')`);
    expect(read(`${name}-source.ts`)).toMatch(
      new RegExp(`export function ${name}Source\\(rt: ${Name}Runtime`),
    );
    expect(read(`${name}-health.ts`)).toMatch(
      new RegExp(`export async function probe${Name}\\(\\s*rt: ${Name}Runtime`),
    );
  });

  it('keeps inputs several tools share in tools/tool-inputs.ts', () => {
    const tools = readdirSync(join(src, 'tools'));
    expect(tools).toContain('tool-inputs.ts');
    expect(tools.filter((file) => /^shared-|-inputs?\.ts$/.test(file))).toEqual(['tool-inputs.ts']);
  });
});
