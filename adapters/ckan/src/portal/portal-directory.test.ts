import { describe, expect, it } from 'vitest';
import type { CkanRuntime } from '../ckan-runtime.js';
import { createOtherPortals } from './other-portals.js';
import { directoryEntryForHost, PORTAL_DIRECTORY } from './portal-directory.js';
import { resolveQuirks } from './portal-quirks.js';

describe('portal directory', () => {
  it('holds unique ids, https roots and a cited source for every entry', () => {
    const ids = PORTAL_DIRECTORY.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of PORTAL_DIRECTORY) {
      expect(entry.id).toMatch(/^[a-z0-9-]+$/);
      expect(new URL(entry.url).protocol).toBe('https:');
      expect(entry.sources.length).toBeGreaterThan(0);
    }
    expect(new Set(PORTAL_DIRECTORY.map((entry) => entry.kind))).toEqual(
      new Set(['national', 'city', 'research', 'demo']),
    );
  });

  it('is where the per-host quirks come from, aliases included', () => {
    expect(directoryEntryForHost('ckan.opendata.swiss')?.id).toBe('opendata-swiss');
    expect(resolveQuirks('ckan.opendata.swiss', undefined).languages).toEqual(['en', 'de', 'fr', 'it']);
  });

  it('resolves an id to its portal and a URL to its root, with the quirks the directory states', () => {
    const home = { baseUrl: 'https://data.gov.ua', resourceTtlMs: 1000 } as CkanRuntime;
    const portals = createOtherPortals(home);
    const swiss = portals.resolve('opendata-swiss');
    expect(swiss.baseUrl).toBe('https://opendata.swiss');
    expect(swiss.title).toBe('opendata.swiss');
    expect(portals.resolve('https://data.gov.au/').quirks.path_prefix).toBe('/data');
    expect(portals.resolve('https://data.gov.ua')).toBe(home);
    expect(portals.resolve('opendata-swiss')).toBe(swiss);
    expect(() => portals.resolve('data.gov.ie')).toThrow(/Unknown portal/);
  });
});
