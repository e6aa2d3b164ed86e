import { describe, expect, it } from 'vitest';
import { READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import { advertisedAnnotations } from './advertised-annotations.js';

describe('advertisedAnnotations', () => {
  it('leaves out the hints a read-only, open-world tool implies', () => {
    expect(advertisedAnnotations(READ_ONLY_OPEN_WORLD)).toEqual({ readOnlyHint: true, idempotentHint: true });
  });

  it('keeps every hint that differs from what a client assumes', () => {
    const writer = {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    };
    expect(advertisedAnnotations(writer)).toEqual(writer);
  });
});
