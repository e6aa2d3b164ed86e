import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTable } from '../open-table.js';
import { TEST_LIMITS } from '../test-support.js';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tabular-blank-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function open(name: string, content: Buffer, formatHint: string) {
  const path = join(scratch, name);
  await writeFile(path, content);
  return openTable({ path, formatHint, limits: TEST_LIMITS });
}

describe('files with nothing in them are no table', () => {
  it.each([
    ['whitespace-only JSON', 'blank-synthetic.json', Buffer.from('  \n\t \r\n '), 'JSON'],
    ['BOM-only CSV', 'bom-synthetic.csv', Buffer.from([0xef, 0xbb, 0xbf]), 'CSV'],
    ['newline-only CSV', 'newlines-synthetic.csv', Buffer.from('\n\n\r\n\n'), 'CSV'],
    [
      'UTF-16 BOM and spaces',
      'utf16-synthetic.csv',
      Buffer.from([0xff, 0xfe, 0x20, 0x00, 0x0a, 0x00]),
      'CSV',
    ],
  ])('refuses a %s as unsupported_resource, as an empty download is', async (_, name, content, format) => {
    await expect(open(name, content, format)).rejects.toMatchObject({
      code: 'unsupported_resource',
      message: expect.stringMatching(
        /holds no table: its \d+ byte\(s\) are only whitespace or a byte order mark/,
      ),
      hint: expect.stringMatching(/pick another resource/),
    });
  });

  it('still loads a CSV that has a header and no rows', async () => {
    const session = await open('header-only-synthetic.csv', Buffer.from('\uFEFFa,b\n', 'utf8'), 'CSV');
    try {
      expect(session.columns.map((column) => column.name)).toEqual(['a', 'b']);
      expect(session.rowCount).toBe(0);
    } finally {
      await session.close();
    }
  });
});
