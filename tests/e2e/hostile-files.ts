import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SyntheticFile } from '@opendata-mcp/fixtures';

/** Resource ids of the generated hostile files; the package publishing them is SYNTHETIC. */
export const HOSTILE = {
  deepObjects: 'hostile-deep-objects-100000',
  deepArrays1000: 'hostile-deep-arrays-1000',
  deepArrays2000: 'hostile-deep-arrays-2000',
  numbers: 'hostile-exact-numbers',
  words: 'hostile-words',
  other: 'hostile-other-table',
} as const;

function write(dir: string, id: string, format: string, content: string): SyntheticFile {
  const path = join(dir, `synthetic-${id}.${format.toLowerCase()}`);
  writeFileSync(path, content);
  return { id, path, format };
}

/** Writes the shapes an adversarial portal publisher could use, each a few KB to 600 KB. */
export function writeHostileFiles(dir: string): SyntheticFile[] {
  const deep = (n: number) => `[{"a":${'['.repeat(n)}1${']'.repeat(n)}}]`;
  return [
    write(dir, HOSTILE.deepObjects, 'JSON', `[${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}]`),
    write(dir, HOSTILE.deepArrays1000, 'JSON', deep(1_000)),
    write(dir, HOSTILE.deepArrays2000, 'JSON', deep(2_000)),
    write(dir, HOSTILE.numbers, 'CSV', 'id,label\n-9007199254740993,exact\n-9007199254740992,neighbour\n'),
    write(dir, HOSTILE.words, 'CSV', 'word,n\nalpha,1\nbeta,2\ngamma,3\n'),
    write(dir, HOSTILE.other, 'CSV', 'city,population\nBern,134000\nBasel,173000\n'),
  ];
}
