import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { profileTable } from './profile-table.js';
import { beginMarker, endMarker, README_BLOCKS, refreshBlocks } from './readme-blocks.js';
import { README_FILES } from './readme-files.test-support.js';
import type { RegistryProfile } from './registry-profile.js';
import { REGISTRY_PROFILES } from './registry-profiles.js';

const HINT = 'run `pnpm --filter @opendata-mcp/sdmx docs`';

describe('README tables generated from the registry profiles', () => {
  it.each(README_FILES)('are current in $name', ({ path, required }) => {
    const { found, stale } = refreshBlocks(readFileSync(path, 'utf8'));
    expect(found, HINT).toEqual(expect.arrayContaining(required));
    expect(stale, HINT).toEqual([]);
  });

  it('name every profile, in order, in the README table', () => {
    const rows = profileTable(REGISTRY_PROFILES).split('\n').slice(2);
    expect(rows.map((r) => /^\| `([a-z]+)`/.exec(r)?.[1])).toEqual(REGISTRY_PROFILES.map((p) => p.id));
  });

  it('say how each format is asked for, and which capabilities are known', () => {
    const ecb = REGISTRY_PROFILES.find((p) => p.id === 'ecb') as RegistryProfile;
    const probe: RegistryProfile = {
      ...ecb,
      id: 'probe',
      agency: null,
      dataFormats: ecb.dataFormats.filter((f) => f.format !== 'sdmx-json'),
      supports: { latest: false, lastNObservations: true, availableConstraint: null },
    };
    const row = profileTable([probe])
      .split('\n')[2]
      ?.split('|')
      .map((c) => c.trim());
    // registry, URL, agency, CSV, structure-specific, generic, JSON, references, the three capabilities.
    expect(row?.slice(3, 12)).toEqual([
      'all',
      'format=csvdata',
      'format=structurespecificdata',
      'Accept',
      '—',
      'all',
      'no',
      'yes',
      '?',
    ]);
  });

  it('rewrite a stale block between its markers and leave the text around it alone', () => {
    const name = 'sdmx-registry-names';
    const stale = `Intro.\n\n${beginMarker(name)}\n| old | table |\n${endMarker(name)}\n\nAfter.\n`;
    const refreshed = refreshBlocks(stale);
    expect(refreshed).toMatchObject({ found: [name], stale: [name] });
    const expected = README_BLOCKS[name]?.();
    expect(refreshed.text).toBe(
      `Intro.\n\n${beginMarker(name)}\n${expected}\n${endMarker(name)}\n\nAfter.\n`,
    );
    expect(refreshBlocks(refreshed.text)).toEqual({ text: refreshed.text, found: [name], stale: [] });
  });

  it('refuse a block without its end marker, and ignore blocks of other names', () => {
    expect(() => refreshBlocks(`${beginMarker('sdmx-registry-profiles')}\n| a |\n`)).toThrow(/no "<!-- end/);
    const other = '<!-- begin other-table -->\n| a |\n<!-- end other-table -->\n';
    expect(refreshBlocks(other)).toEqual({ text: other, found: [], stale: [] });
  });
});
