import { longestStall } from '@opendata-mcp/core/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { wordForms } from '../resolution/word-forms.js';
import type { DiscoveryData } from './discovery-data.js';
import { packIndex, unpackIndex } from './packed-index.js';
import { flowsOnlyIndex } from './searchable-index.js';
import { syntheticDiscoveryData, syntheticRegistry } from './synthetic-discovery-data.test-support.js';

/** The longest wait between the event loop's turns while `work` ran, in ms. */
async function stallOf(work: () => Promise<unknown>): Promise<number> {
  return (await longestStall(work)).stallMs;
}

describe('building and unpacking a large discovery index does not hold up other calls', () => {
  let data: DiscoveryData;
  let buildStall = 0;
  beforeAll(async () => {
    const registry = syntheticRegistry(8_000, 100);
    buildStall = await stallOf(async () => {
      data = await syntheticDiscoveryData(registry);
    });
  }, 60_000);

  it('serves a timer within 250 ms while the text indexes of 8,000 SYNTHETIC flows are built', () => {
    expect(data.flows).toHaveLength(8_000);
    expect(buildStall).toBeLessThan(250);
  });

  it('serves a timer within 250 ms while a second replica unpacks the index, which then answers', async () => {
    const packed = await packIndex(data);
    let unpacked: Awaited<ReturnType<typeof unpackIndex>> | undefined;
    const stall = await stallOf(async () => {
      unpacked = await unpackIndex(packed, {});
    });
    expect(stall).toBeLessThan(250);
    const index = unpacked?.index;
    expect(index?.flowText.search('Tourismus 4711')[0]?.id).toBe('4711');
    expect(index?.codeText?.search('Sterberate Jugendlichen')).not.toHaveLength(0);
    expect(index?.groups).toHaveLength(8_000);
    expect(index?.groupsByWord.get(wordForms('mortality')[0] ?? '')?.size).toBeGreaterThan(0);
  });

  it('stops unpacking when the signal aborts, and the next caller unpacks it afresh', async () => {
    const packed = await packIndex(data);
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('stopped')), 50);
    await expect(unpackIndex(packed, {}, stop.signal)).rejects.toThrow('stopped');
    const again = await unpackIndex(packed, {});
    expect(again.index.flows).toHaveLength(8_000);
  });

  it("a caller whose signal still runs is not refused because another caller's signal aborted", async () => {
    const flows = data.flows.slice(0, 2_000);
    const stop = new AbortController();
    const first = flowsOnlyIndex(flows, stop.signal);
    const second = flowsOnlyIndex(flows, new AbortController().signal);
    setTimeout(() => stop.abort(new Error('stopped')), 20);
    await expect(first).rejects.toThrow('stopped');
    expect((await second).flowText.size).toBe(2_000);
  });
});
