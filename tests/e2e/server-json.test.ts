import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './build-workspace.js';

// The MCP Registry lists an npm package only when its package.json names the registry entry
// (`mcpName`) and the versions agree; a package with a binary gets an entry.
interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  bin?: Record<string, string>;
  mcpName?: string;
}
interface ServerJson {
  $schema: string;
  name: string;
  description: string;
  version: string;
  packages: Array<{ registryType: string; identifier: string; version: string; transport: { type: string } }>;
}

const withBins = ['packages', 'examples'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => join(group, name))
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .filter((dir) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
      return !manifest.private && manifest.bin;
    }),
);

describe('MCP Registry entries', () => {
  it('exist for the command and the three reference servers', () => {
    expect(withBins.sort()).toEqual(
      expect.arrayContaining([
        'examples/ckan-server',
        'examples/lindas-server',
        'examples/sdmx-server',
        'packages/cli',
      ]),
    );
  });

  it.each(withBins)('%s: server.json agrees with package.json', (dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
    const file = join(root, dir, 'server.json');
    expect(existsSync(file), `${dir}/server.json`).toBe(true);
    const entry = JSON.parse(readFileSync(file, 'utf8')) as ServerJson;
    expect(entry.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/,
    );
    expect(entry.name).toMatch(/^io\.github\.[\w-]+\/[\w.-]+$/);
    expect(manifest.mcpName).toBe(entry.name);
    expect(entry.version).toBe(manifest.version);
    expect(entry.description.length).toBeLessThanOrEqual(100);
    expect(entry.packages).toEqual([
      expect.objectContaining({
        registryType: 'npm',
        identifier: manifest.name,
        version: manifest.version,
        transport: { type: 'stdio' },
      }),
    ]);
  });

  it.each(withBins)('%s: publishes the bundle as its bin; a clone runs the compiled entry', (dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest & {
      files: string[];
      publishConfig?: { bin?: Record<string, string> };
    };
    const published = manifest.publishConfig?.bin ?? {};
    expect(Object.keys(published).sort()).toEqual(Object.keys(manifest.bin ?? {}).sort());
    for (const target of Object.values(published)) expect(target).toMatch(/^\.\/bundle\/[\w-]+\.js$/);
    // `pnpm install` links a bin only when its file exists; the bundle is made later, by `pnpm bundle`.
    for (const target of Object.values(manifest.bin ?? {})) expect(target).not.toMatch(/bundle/);
    expect(manifest.files).toEqual(expect.arrayContaining(['bundle', 'server.json']));
  });
});
