import { workSlicer } from '@opendata-mcp/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryData } from './discovery-data.js';
import { indexLines, LINE_CHARS, readIndexLines } from './index-lines.js';
import { syntheticDiscoveryData, syntheticRegistry } from './synthetic-discovery-data.test-support.js';

/** All of `indexLines`' output, as one buffer. */
async function written(data: DiscoveryData): Promise<Buffer> {
  const lines: Buffer[] = [];
  for await (const line of indexLines(data, workSlicer())) lines.push(line);
  return Buffer.concat(lines);
}

/** The bytes in chunks of `size`, as a stream hands them over. */
async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('index lines', () => {
  let data: DiscoveryData;
  beforeAll(async () => {
    data = await syntheticDiscoveryData(syntheticRegistry(600, 20));
  }, 30_000);

  it('reads back the index as written, whatever the size of the chunks the bytes come in', async () => {
    const bytes = await written(data);
    const plain = JSON.parse(JSON.stringify(data));
    for (const size of [1_000, 4_093, 65_536, bytes.length])
      expect(await readIndexLines(chunked(bytes, size), workSlicer())).toEqual(plain);
  });

  it('writes no line much longer than LINE_CHARS: the head is small and the long parts are split', async () => {
    expect(data.flowText.length).toBeGreaterThan(LINE_CHARS);
    const lines = (await written(data)).toString('utf8').split('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line.length).toBeLessThan(2 * LINE_CHARS);
    const head = JSON.parse(lines[0] ?? '');
    expect(head.flows).toEqual([]);
    expect(head.flowText).toBe('');
  });

  it('joins a character cut between two lines back whole', async () => {
    // U+1F30D is two UTF-16 units: the cut falls between them.
    const flowText = `${'a'.repeat(LINE_CHARS - 1)}🌍${'b'.repeat(10)}`;
    const cut = { ...data, flowText };
    const read = await readIndexLines(chunked(await written(cut), 7), workSlicer());
    expect(read.flowText).toBe(flowText);
  });

  it('refuses what is not an index it wrote', async () => {
    const bytes = (text: string) => chunked(Buffer.from(text), 1_000);
    await expect(readIndexLines(bytes(''), workSlicer())).rejects.toThrow('An empty discovery index.');
    await expect(readIndexLines(bytes('{}\n["passwords",[]]'), workSlicer())).rejects.toThrow(
      'Not a discovery index line.',
    );
    await expect(readIndexLines(bytes('{}\n["flows","not a list"]'), workSlicer())).rejects.toThrow(
      'Not a discovery index line.',
    );
    await expect(readIndexLines(bytes('{}\n["flows",[{'), workSlicer())).rejects.toThrow(SyntaxError);
  });
});
