import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FixtureStarters, goOffline } from './offline.js';
import { createRegistry } from './registry.js';

const registry = createRegistry([
  {
    type: 'portal',
    description: 'a backend with a loopback fixture',
    fixture: 'ckan',
    options: z.object({}),
    create: () => {
      throw new Error('not created here');
    },
  },
]);

const fixture = { url: 'http://127.0.0.1:4321/api', hostPort: '127.0.0.1:4321', close: async () => {} };
const starters = { ckan: async () => fixture } as unknown as FixtureStarters;

describe('goOffline', () => {
  it('points an adapter at its fixture and allows it to reach nothing else', async () => {
    const offline = await goOffline({ adapters: [{ type: 'portal', id: 'p' }] }, registry, starters);
    expect(offline.config.adapters).toEqual([
      {
        type: 'portal',
        id: 'p',
        url: fixture.url,
        trusted_hosts: ['127.0.0.1:4321'],
        allowed_hosts: ['127.0.0.1'],
      },
    ]);
    // Answers name the fixture by its backend, not by a port that changes from run to run.
    expect(offline.originNames).toEqual({ 'http://127.0.0.1:4321': 'offline://portal' });
    await offline.close();
  });

  it('asks a fixture that imitates several backends which one stands in for each entry', async () => {
    const several = {
      ...fixture,
      urlFor: (entry: Readonly<Record<string, unknown>>) =>
        entry.registry === 'other' ? 'http://127.0.0.1:4321/other' : undefined,
    };
    const offline = await goOffline(
      { adapters: [{ type: 'portal', id: 'a', registry: 'other' } as never, { type: 'portal', id: 'b' }] },
      registry,
      { ckan: async () => several } as unknown as FixtureStarters,
    );
    expect(offline.config.adapters.map((a) => (a as { url?: string }).url)).toEqual([
      'http://127.0.0.1:4321/other',
      fixture.url,
    ]);
    await offline.close();
  });
});
