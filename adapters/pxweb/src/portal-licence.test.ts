import { OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import type { PortalConfiguration, PxwebApi } from './api/pxweb-api.js';
import type { PxwebApiFor } from './api/pxweb-api-for.js';
import { portalLicence } from './portal-licence.js';

const portal =
  (configuration: PortalConfiguration | null | Error): PxwebApiFor =>
  () =>
    ({
      async configuration() {
        if (configuration instanceof Error) throw configuration;
        return configuration;
      },
    }) as unknown as PxwebApi;

const ctx = (aborted = false) => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return { signal: controller.signal } as unknown as ToolContext;
};

describe('portalLicence', () => {
  it('is the licence URL the configuration states, as the portal gives it', async () => {
    const stated = portal({ languages: ['sv'], license: 'https://example.org/licence' });
    expect(await portalLicence(ctx(), stated)).toEqual({
      id: null,
      title: null,
      url: 'https://example.org/licence',
      source_property: 'config.license',
    });
  });

  it('is null when the portal states none, has no configuration, or fails to give it', async () => {
    expect(await portalLicence(ctx(), portal({ languages: ['sv'], license: null }))).toBeNull();
    expect(await portalLicence(ctx(), portal(null))).toBeNull();
    const failing = portal(new OpenDataError('upstream_unavailable', 'down'));
    expect(await portalLicence(ctx(), failing)).toBeNull();
  });

  it('does not hide a cancelled call or a fault that is not the portal’s', async () => {
    const failing = portal(new OpenDataError('upstream_unavailable', 'down'));
    await expect(portalLicence(ctx(true), failing)).rejects.toThrow('down');
    await expect(portalLicence(ctx(), portal(new TypeError('bug')))).rejects.toThrow('bug');
  });
});
