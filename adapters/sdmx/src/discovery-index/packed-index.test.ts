import { describe, expect, it } from 'vitest';
import { PACKED_FORMAT, packIndex, unpackIndex } from './packed-index.js';
import { syntheticDiscoveryData, syntheticRegistry } from './synthetic-discovery-data.test-support.js';

describe('packed discovery index', () => {
  it('unpacks to the index that was packed, several times smaller than its JSON', async () => {
    const data = await syntheticDiscoveryData(syntheticRegistry(300, 12));
    const packed = await packIndex(data);
    expect(packed.format).toBe(PACKED_FORMAT);
    expect(packed.gzip_base64.length).toBeLessThan(JSON.stringify(data).length / 3);
    const { data: read, index } = await unpackIndex(packed, {});
    expect(read).toEqual(JSON.parse(JSON.stringify(data)));
    expect(index.flows).toHaveLength(300);
  });

  it('refuses a packed index whose bytes are not gzip, and unpacks a sound one afterwards', async () => {
    const data = await syntheticDiscoveryData(syntheticRegistry(20, 3));
    const sound = await packIndex(data);
    const damaged = { ...sound, gzip_base64: Buffer.from('not gzip at all').toString('base64') };
    await expect(unpackIndex(damaged, {})).rejects.toThrow(/header/);
    const cut = { ...sound, gzip_base64: sound.gzip_base64.slice(0, sound.gzip_base64.length / 2) };
    await expect(unpackIndex(cut, {})).rejects.toThrow();
    expect((await unpackIndex(sound, {})).index.flows).toHaveLength(20);
  });
});
