import { OpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import type { FilterResolution } from '../resolution/resolve-filters.js';
import type { Question } from './prepare-question.js';
import { withResolution } from './with-resolution.js';

/** A question as far as `withResolution` reads it: how its words became codes. */
function question(resolution: Omit<FilterResolution, 'codes' | 'ambiguous'>): Question {
  return { resolution: { codes: {}, ambiguous: [], ...resolution } } as unknown as Question;
}

const RESOLVED = [
  { dimension: 'REF_AREA', asked: 'Niger', code: 'NER', label: 'Niger', matched_by: 'label' as const },
];
const DEFAULTS = [{ dimension: 'SEX', code: '_T', label: 'Total', why: 'profile_total' as const }];

const refused = () =>
  new OpenDataError('not_found', 'No such series.', {
    hint: 'Ask for another area.',
    retryable: false,
    details: { status: 404 },
  });

describe('withResolution', () => {
  it('gives the answer of a request that succeeds, untouched', async () => {
    await expect(
      withResolution(question({ resolved: RESOLVED, defaults: DEFAULTS }), async () => 42),
    ).resolves.toBe(42);
  });

  it('adds what the words were read as and what was fixed by default to a refusal, keeping the rest', async () => {
    const error = await withResolution(question({ resolved: RESOLVED, defaults: DEFAULTS }), async () => {
      throw refused();
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenDataError);
    expect(error).toMatchObject({
      code: 'not_found',
      message: 'No such series.',
      hint: 'Ask for another area.',
      retryable: false,
      details: { status: 404, resolved: RESOLVED, defaults_applied: DEFAULTS },
    });
  });

  it('adds the defaults alone when no word needed reading', async () => {
    const error = await withResolution(question({ resolved: [], defaults: DEFAULTS }), async () => {
      throw refused();
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ details: { status: 404, resolved: [], defaults_applied: DEFAULTS } });
  });

  it('passes a refusal on as it is when nothing was read or fixed, and any other error always', async () => {
    const original = refused();
    await expect(
      withResolution(question({ resolved: [], defaults: [] }), async () => {
        throw original;
      }),
    ).rejects.toBe(original);
    const bug = new TypeError('not an answer');
    await expect(
      withResolution(question({ resolved: RESOLVED, defaults: DEFAULTS }), async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
