import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSdmxAdapter, SdmxOptionsSchema } from '@opendata-mcp/sdmx';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CliDeps } from '../cli-deps.js';
import { createRegistry } from '../registry.js';
import { runCli } from '../run-cli.js';

// The example adapter's entry point exports `adapterPlugin`, with its own loopback fixture.
const examplePlugin = fileURLToPath(
  new URL('../../../../examples/example-adapter/src/index.ts', import.meta.url),
);

const registry = createRegistry([
  {
    type: 'sdmx',
    description: 'built in',
    options: SdmxOptionsSchema,
    create: createSdmxAdapter,
  },
]);

function harness() {
  const out: string[] = [];
  const err: string[] = [];
  const unused = async () => {
    throw new Error('no built-in fixture is used here');
  };
  const deps: CliDeps = {
    registry,
    env: { OPENDATA_MCP_LOG_LEVEL: 'silent' },
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    fixtures: { lindas: unused, ckan: unused, sdmx: unused },
  };
  return { deps, out: () => out.join(''), err: () => err.join('') };
}

/** A new folder, removed when the calling test ends. */
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'opendata-plugins-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function inTempDir(files: Record<string, unknown>): Promise<string> {
  const dir = await tempDir();
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return join(dir, 'config.json');
}

describe('adapter plugins named in the configuration', () => {
  it('loads a module by path, runs its own fixture offline and answers through it', async () => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'population', module: examplePlugin, tool_prefix: 'pop' }] },
    });
    const h = harness();
    const code = await runCli(
      ['call', 'pop_get_population', '{"canton":"ZH","limit":1}', '--offline', '--config', config],
      h.deps,
    );
    expect(code, h.err()).toBe(0);
    expect(JSON.parse(h.out())).toMatchObject({
      ok: true,
      rows: [{ year: 2023, population: 1605508 }],
      source: { backend: 'example', endpoint: 'offline://population' },
    });
  });

  it('resolves a relative module path from the configuration file folder', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'plugin.mjs'),
      `import { adapterPlugin as p } from ${JSON.stringify(examplePlugin)};\nexport const adapterPlugin = p;\n`,
    );
    await writeFile(
      join(dir, 'config.json'),
      JSON.stringify({ adapters: [{ type: 'population', module: './plugin.mjs' }] }),
    );
    const h = harness();
    expect(
      await runCli(['tools', '--json', '--offline', '--config', join(dir, 'config.json')], h.deps),
      h.err(),
    ).toBe(0);
    expect(JSON.parse(h.out())).toContainEqual(
      expect.objectContaining({
        name: 'get_population',
        title: 'Population of a canton',
        adapter: 'population',
      }),
    );
  });

  it("gives an entry the plugin's offline options unless the entry sets them", async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'plugin.mjs'),
      `import { adapterPlugin as p } from ${JSON.stringify(examplePlugin)};\n` +
        "export const adapterPlugin = { ...p, fixtureOptions: { id: 'recorded' } };\n",
    );
    const adapterOf = async (entry: Record<string, unknown>, offline: boolean) => {
      await writeFile(join(dir, 'config.json'), JSON.stringify({ adapters: [entry] }));
      const h = harness();
      const args = [
        'tools',
        '--json',
        '--config',
        join(dir, 'config.json'),
        ...(offline ? ['--offline'] : []),
      ];
      expect(await runCli(args, h.deps), h.err()).toBe(0);
      return (JSON.parse(h.out()) as Array<{ name: string; adapter: string }>).find(
        (t) => t.name === 'get_population',
      )?.adapter;
    };
    const entry = { type: 'population', module: './plugin.mjs' };
    expect(await adapterOf(entry, true)).toBe('recorded');
    expect(await adapterOf({ ...entry, id: 'mine' }, true)).toBe('mine');
    expect(await adapterOf({ ...entry, url: 'https://population.example' }, false)).toBe('population');
  });

  it('plays the plugin demo journey', async () => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'population', module: examplePlugin }] },
    });
    const h = harness();
    expect(await runCli(['demo', '--config', config], h.deps), h.err()).toBe(0);
    expect(h.out()).toContain('=== Population of the canton of Zurich ===');
    expect(h.out()).toContain('2023: 1605508');
  });

  it("validates the entry with the plugin's own options schema and names the module", async () => {
    const config = await inTempDir({
      'config.json': {
        adapters: [{ type: 'population', module: examplePlugin, url: 'https://x.example', colour: 'red' }],
      },
    });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toMatch(
      /adapters\[0\]: Unrecognized key: "colour" \(options of "population" from module ".*index\.ts"\); accepted keys: type, module, tool_prefix, id, url, trusted_hosts, allowed_hosts$/m,
    );
  });

  it('says that a type the command does not know needs "module"', async () => {
    const config = await inTempDir({ 'config.json': { adapters: [{ type: 'population' }] } });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain(
      'unknown adapter "population" (known: sdmx). An adapter from another package also needs "module"',
    );
  });

  it('refuses a package that is not installed, naming the folder it was looked for from', async () => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'x', module: '@nobody/no-such-adapter' }] },
    });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain(
      `adapters[0].module: cannot load "@nobody/no-such-adapter": it is not installed where the configuration is: no node_modules folder in ${dirname(config)} or above it has it; install it there (npm install @nobody/no-such-adapter)`,
    );
    expect(h.err()).not.toContain('Require stack');
  });

  it.each([
    ['its "." export', { exports: { '.': { import: './entry.mjs', require: './missing.cjs' } } }],
    ['its "main"', { main: './entry.mjs' }],
  ])('loads a folder through %s in package.json', async (_, manifest) => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'population', module: './my-adapter' }] },
    });
    const folder = join(dirname(config), 'my-adapter');
    await mkdir(folder);
    await writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'my-adapter', ...manifest }));
    await writeFile(
      join(folder, 'entry.mjs'),
      `export { adapterPlugin } from ${JSON.stringify(examplePlugin)};\n`,
    );
    const h = harness();
    expect(await runCli(['tools', '--json', '--offline', '--config', config], h.deps), h.err()).toBe(0);
    expect(JSON.parse(h.out())).toContainEqual(
      expect.objectContaining({ name: 'get_population', adapter: 'population' }),
    );
  });

  it.each([
    ['without a package.json', undefined, '"./my-adapter" is a folder without a package.json'],
    [
      'whose package.json names no entry',
      { name: 'my-adapter' },
      'the package.json of folder "./my-adapter" exports no "." entry or "main"',
    ],
  ])('refuses a folder %s, saying what to give instead', async (_, manifest, problem) => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'population', module: './my-adapter' }] },
    });
    const folder = join(dirname(config), 'my-adapter');
    await mkdir(folder);
    if (manifest) await writeFile(join(folder, 'package.json'), JSON.stringify(manifest));
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain(
      `adapters[0].module: cannot load "./my-adapter": ${problem}; give the entry file (for example "./my-adapter/src/index.ts") or a folder whose package.json names it in "exports" or "main"`,
    );
  });

  it('refuses a module whose export is not an adapter plugin, saying what is missing', async () => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'broken', module: './broken.mjs' }] },
      'broken.mjs':
        'export const adapterPlugin = { type: "broken", description: "no factory", options: {} };\n',
    });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain('does not export an adapter plugin');
    expect(h.err()).toContain('"options" must be a zod object schema');
    expect(h.err()).toContain('"create" must be a function');
  });

  it('refuses a plugin whose offline options are not an object', async () => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'population', module: './plugin.mjs' }] },
      'plugin.mjs': `import { adapterPlugin as p } from ${JSON.stringify(examplePlugin)};\nexport const adapterPlugin = { ...p, fixtureOptions: 'recorded' };\n`,
    });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain('"fixtureOptions" must be an object when given');
  });

  it('refuses a module that provides another type than the entry names', async () => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'census', module: examplePlugin }] },
    });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain('provides type "population", not "census"');
  });

  it('refuses to replace a built-in type', async () => {
    const config = await inTempDir({
      'config.json': { adapters: [{ type: 'sdmx', module: examplePlugin }] },
    });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain('"sdmx" is a built-in adapter type');
  });

  it('refuses one type loaded from two modules', async () => {
    const config = await inTempDir({
      'config.json': {
        adapters: [
          { type: 'population', module: examplePlugin, id: 'a' },
          { type: 'population', module: './other.mjs', id: 'b' },
        ],
      },
    });
    const h = harness();
    expect(await runCli(['tools', '--config', config], h.deps)).toBe(2);
    expect(h.err()).toContain('type "population" is already loaded from');
  });
});
