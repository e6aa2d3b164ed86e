import { describe, expect, it } from 'vitest';
import { defaultCacheRoot } from './cache-root.js';

const base = { env: {}, homedir: '/home/ada', platform: 'linux' as const, uid: 1000, tmpdir: '/tmp' };

describe('defaultCacheRoot', () => {
  it('follows XDG_CACHE_HOME on Linux when it is absolute, else ~/.cache', () => {
    expect(defaultCacheRoot(base)).toBe('/home/ada/.cache/opendata-mcp');
    expect(defaultCacheRoot({ ...base, env: { XDG_CACHE_HOME: '/var/cache/ada' } })).toBe(
      '/var/cache/ada/opendata-mcp',
    );
    expect(defaultCacheRoot({ ...base, env: { XDG_CACHE_HOME: 'relative' } })).toBe(
      '/home/ada/.cache/opendata-mcp',
    );
  });

  it('uses ~/Library/Caches on macOS and %LOCALAPPDATA% on Windows', () => {
    expect(defaultCacheRoot({ ...base, platform: 'darwin', homedir: '/Users/ada' })).toBe(
      '/Users/ada/Library/Caches/opendata-mcp',
    );
    expect(
      defaultCacheRoot({
        ...base,
        platform: 'win32',
        homedir: 'C:\\Users\\ada',
        env: { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' },
        uid: undefined,
      }),
    ).toBe('C:\\Users\\ada\\AppData\\Local\\opendata-mcp');
  });

  it('falls back to a folder named after the user in the temporary folder when there is no home', () => {
    expect(defaultCacheRoot({ ...base, homedir: '' })).toBe('/tmp/opendata-mcp-1000');
    expect(defaultCacheRoot({ ...base, homedir: undefined, uid: 0 })).toBe('/tmp/opendata-mcp-0');
  });
});
