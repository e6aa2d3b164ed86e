import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DEFAULT_SDMX_URL, SdmxOptionsSchema } from '../sdmx-options.js';
import { REGISTRY_IDS, REGISTRY_PROFILES, type RegistryId, registryProfile } from './registry-profiles.js';
import { resolveRegistry } from './resolve-registry.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

describe('built-in registry profiles', () => {
  it('cover at least twelve registries, each configurable by name', () => {
    expect(REGISTRY_PROFILES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(REGISTRY_IDS).size).toBe(REGISTRY_PROFILES.length);
    for (const id of REGISTRY_IDS) expect(SdmxOptionsSchema.parse({ registry: id }).registry).toBe(id);
    // The names stay literal types derived from the profiles, not any string.
    expectTypeOf<'ecb'>().toExtend<RegistryId>();
    expectTypeOf<string>().not.toExtend<RegistryId>();
  });

  it('state where every fact comes from: documentation over https, or a recording in the repo', () => {
    for (const profile of REGISTRY_PROFILES) {
      expect(profile.url, profile.id).toMatch(/^https:\/\/[^/]+\/\S*[^/]$/);
      expect(profile.docs, profile.id).toMatch(/^https:\/\//);
      expect(profile.dataFormats.length, profile.id).toBeGreaterThan(0);
      expect(profile.languages.length, profile.id).toBeGreaterThan(0);
      for (const quirk of profile.quirks) {
        const recording = /^recorded answers?: (\S+)/.exec(quirk.source)?.[1];
        if (recording) {
          // A recording cited as a source is in the repository (a glob cites a directory).
          expect(existsSync(join(REPO, recording.replace(/\/\*[^/]*$/, ''))), recording).toBe(true);
        } else expect(quirk.source, `${profile.id}: ${quirk.text}`).toMatch(/^https:\/\//);
      }
    }
  });

  it('configure an instance by name, by URL, or by both, explicit options winning', () => {
    const ecb = resolveRegistry(SdmxOptionsSchema.parse({ registry: 'ecb' }));
    expect(ecb).toMatchObject({
      url: 'https://data-api.ecb.europa.eu/service',
      agency: 'ECB',
      references: 'all',
    });
    expect(ecb.dataFormats[0]).toMatchObject({ format: 'csv', param: 'csvdata' });
    const mirror = resolveRegistry(
      SdmxOptionsSchema.parse({
        registry: 'eurostat',
        url: 'http://127.0.0.1:9/estat',
        agency: 'XX',
        structure_references: 'all',
        data_format: 'sdmx-ml-generic',
      }),
    );
    expect(mirror).toMatchObject({ url: 'http://127.0.0.1:9/estat', agency: 'XX', references: 'all' });
    expect(mirror.dataFormats.map((f) => f.format)).toEqual([
      'sdmx-ml-generic',
      'csv',
      'sdmx-ml-structure-specific',
    ]);
    const plain = resolveRegistry(
      SdmxOptionsSchema.parse({ url: 'https://example.org/rest', csv_format_param: null }),
    );
    expect(plain.profile).toBeNull();
    expect(plain.agency).toBeNull();
    expect(plain.dataFormats[0]).toEqual({
      format: 'csv',
      accept: expect.stringContaining('csv'),
      param: null,
    });
    expect(plain.dataFormats.map((f) => f.format)).toContain('sdmx-json');
    expect(registryProfile('worldbank')?.dataFormats.every((f) => f.format.startsWith('sdmx-ml'))).toBe(true);
  });

  it('is the UNICEF registry when nothing is configured, and refuses an unknown registry name', () => {
    const unconfigured = resolveRegistry(SdmxOptionsSchema.parse({}));
    expect(unconfigured.profile?.id).toBe('unicef');
    expect(unconfigured).toMatchObject({ url: DEFAULT_SDMX_URL, agency: 'UNICEF' });
    expect(SdmxOptionsSchema.safeParse({ registry: 'nowhere' }).success).toBe(false);
    // A name that passed the schema but has no profile (a plugin bypassing it) is refused clearly.
    expect(() => resolveRegistry({ ...SdmxOptionsSchema.parse({}), registry: 'nowhere' as never })).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
  });
});
