import { OpenDataError } from '@opendata-mcp/core';
import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { describe, expect, it } from 'vitest';
import { recorded } from '../messages/recorded-messages.test-support.js';
import { feedXml } from './feed-xml.js';
import { xmlFiles } from './xml-files.test-support.js';

const refuse = (why: string) => new OpenDataError('upstream_error', why);

/** Every event a message gives, with text pieces joined (a slice may split a text anywhere). */
async function events(xml: string | Uint8Array, sliceChars: number, signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  let text = '';
  const flush = () => {
    if (text.trim() !== '') out.push(`"${text}"`);
    text = '';
  };
  await feedXml(
    xml,
    {
      open(name, attributes) {
        flush();
        const local: Record<string, string> = {};
        attributes.forEach((key, value) => {
          local[key] = value;
        });
        out.push(`<${name} ${JSON.stringify(local)}`);
      },
      close(name) {
        flush();
        out.push(`</${name}`);
      },
      text(piece) {
        text += piece;
      },
    },
    { format: 'SDMX-ML', refuse, signal, sliceChars },
  );
  return out;
}

describe('feedXml', () => {
  it('gives the same events whatever the slices, for every recorded message, across every boundary', async () => {
    for (const file of xmlFiles(SDMX_FIXTURE_DATA_DIR)) {
      const xml = recorded(file);
      const whole = await events(xml, Number.MAX_SAFE_INTEGER);
      expect(whole.length, file).toBeGreaterThan(3);
      // Odd sizes land inside names, attribute values, entities and end tags; small files get tiny slices.
      const sizes = xml.length < 20_000 ? [1, 7, 4093] : [4093];
      for (const size of sizes) expect(await events(xml, size), `${file} / ${size}`).toEqual(whole);
      // The bytes as received, in slices that also cut through characters of two to four bytes.
      const bytes = new TextEncoder().encode(xml);
      for (const size of [...sizes, Number.MAX_SAFE_INTEGER])
        expect(await events(bytes, size), `${file} / ${size} bytes`).toEqual(whole);
    }
  });

  it('reads bytes as UTF-8 as the text of other answers is read: a byte-order mark and leading white space passed over, malformed bytes as U+FFFD', async () => {
    const bytes = (...parts: Array<string | number[]>) =>
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));
    const expected = ['<r {"a":"é"}', '"x\uFFFDy 科"', '</r'];
    for (const size of [1, 2, 3, 4096]) {
      expect(await events(bytes('<r a="é">x', [0xff], 'y 科</r>'), size)).toEqual(expected);
      expect(await events(bytes([0xef, 0xbb, 0xbf], '\n  <r a="é">x', [0xff], 'y 科</r>'), size)).toEqual(
        expected,
      );
      await expect(events(bytes('  \n'), size)).rejects.toMatchObject({ code: 'upstream_error' });
      await expect(events(bytes(''), size)).rejects.toMatchObject({ code: 'upstream_error' });
      await expect(events(bytes('<r>x</'), size)).rejects.toMatchObject({ code: 'upstream_unavailable' });
      // Cut off inside a character: the decoder ends it as U+FFFD, and the element is still open.
      await expect(events(bytes('<r>caf', [0xc3]), size)).rejects.toMatchObject({
        code: 'upstream_unavailable',
        retryable: true,
      });
    }
  });

  it('reads a character outside the basic plane split across two slices, and names without prefixes', async () => {
    const xml =
      '<m:Root xmlns:m="x"><m:Name xml:lang="en" a=" b ">caf\u00e9 \u{1F30D} &amp; more</m:Name></m:Root>';
    for (const size of [1, 2, 3, 5]) {
      expect(await events(xml, size)).toEqual([
        '<Root {}',
        '<Name {"lang":"en","a":"b"}',
        '"caf\u00e9 \u{1F30D} & more"',
        '</Name',
        '</Root',
      ]);
    }
  });

  it('stops at the call signal between slices, with the reason it was aborted', async () => {
    const xml = recorded('unicef/dataflow_CME_references_all.xml');
    const controller = new AbortController();
    let opened = 0;
    const reason = new OpenDataError('upstream_timeout', 'deadline');
    const run = feedXml(
      xml,
      {
        open() {
          opened++;
          if (opened === 10) controller.abort(reason);
        },
        close() {},
        text() {},
      },
      { format: 'SDMX-ML', refuse, signal: controller.signal, sliceChars: 4096 },
    );
    await expect(run).rejects.toBe(reason);
    const all = (await events(xml, Number.MAX_SAFE_INTEGER)).filter((e) => e.startsWith('<')).length;
    // Stopped within the slice it was aborted in, far from the end.
    expect(opened).toBeLessThan(all / 10);
  });

  it('reads each message whole whatever the parses before it did: refused, cut off, aborted or running alongside', async () => {
    const xml = recorded('bis/data_structurespecific.xml');
    const other = recorded('unicef/dataflow_CME_references_all.xml');
    const whole = await events(xml, Number.MAX_SAFE_INTEGER);
    const otherWhole = await events(other, Number.MAX_SAFE_INTEGER);
    await expect(events('<a><b></a>', 3)).rejects.toMatchObject({ code: 'upstream_error' });
    await expect(events(xml.slice(0, xml.length / 2), 4093)).rejects.toMatchObject({
      code: 'upstream_unavailable',
    });
    const controller = new AbortController();
    const aborted = events(xml, 4093, controller.signal);
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    // Two parses at once, their slices interleaved, each with its own parser.
    const [one, two] = await Promise.all([events(xml, 4093), events(other, 4093)]);
    expect(one).toEqual(whole);
    expect(two).toEqual(otherWhole);
    expect(await events(xml, 4093)).toEqual(whole);
  });

  it('refuses what is not well-formed, and calls a body that ends early cut off (retryable)', async () => {
    const fail = (xml: string) => events(xml, 3);
    await expect(fail('just words')).rejects.toMatchObject({ code: 'upstream_error' });
    await expect(fail('<a><b></a>')).rejects.toMatchObject({ code: 'upstream_error' });
    await expect(fail('')).rejects.toMatchObject({ code: 'upstream_error' });
    for (const cut of ['<?xml version="1.0"?>', '<a><b>', '<a><b x="1', '<a>text'])
      await expect(fail(cut)).rejects.toMatchObject({ code: 'upstream_unavailable', retryable: true });
  });

  it('tells a cut from markup inside comments, CDATA, quoted attributes and self-closed elements', async () => {
    const whole = '<?xml version="1.0"?><!-- <a> --><r a="x>y"><![CDATA[<b>]]><e/></r>';
    expect(await events(whole, 3)).toEqual(['<r {"a":"x>y"}', '"<b>"', '<e {}', '</e', '</r']);
    for (const cut of [
      '<?xml version="1.0"?><r><!-- <a> ',
      '<?xml version="1.0"?><r a="x>',
      whole.slice(0, -1),
    ])
      await expect(events(cut, 3)).rejects.toMatchObject({ code: 'upstream_unavailable', retryable: true });
  });
});
