import { describe, expect, it } from 'vitest';
import { type CubeVersionRow, collapseVersions, versionBase } from './collapse-versions.js';

const row = (cube_id: string, version: string | null): CubeVersionRow => ({
  cube_id,
  name: null,
  description: null,
  creator: null,
  version,
  status: null,
});

describe('version collapse', () => {
  it('strips a trailing version segment to find the cube identity', () => {
    expect(versionBase('https://environment.ld.admin.ch/foen/ubd003701/6')).toBe(
      'https://environment.ld.admin.ch/foen/ubd003701',
    );
    expect(versionBase('https://x.org/cube/v12/')).toBe('https://x.org/cube');
  });

  it('keeps the highest stated version, falling back to the IRI number', () => {
    const kept = collapseVersions([
      row('https://x.org/a/5', '5'),
      row('https://x.org/a/6', '6'),
      row('https://x.org/b/2', null),
      row('https://x.org/b/10', null),
      row('https://x.org/c/4', '4'),
    ]);
    expect(kept.map((r) => r.cube_id)).toEqual([
      'https://x.org/a/6',
      'https://x.org/b/10',
      'https://x.org/c/4',
    ]);
  });
});
