import { describe, expect, it } from 'vitest';
import { SessionIds } from './session-ids.js';

describe('SessionIds', () => {
  it('issues a different id each time, each recognised as issued', () => {
    const sessions = new SessionIds();
    const ids = Array.from({ length: 50 }, () => sessions.issue());
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^[\x21-\x7e]+$/);
      expect(sessions.verified(id)).toBe(id);
    }
  });

  it('refuses ids it did not issue: made up, altered, or issued by another server', () => {
    const sessions = new SessionIds();
    const id = sessions.issue();
    const [nonce, mac] = id.split('.') as [string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      'session-1',
      '1',
      `${nonce}.`,
      `.${mac}`,
      `${nonce}.${flipped}`,
      `x${nonce}.${mac}`,
      `${id}.extra`,
      new SessionIds().issue(),
      '',
    ]) {
      expect(sessions.verified(forged), forged).toBeUndefined();
    }
  });

  it('refuses a missing or repeated header', () => {
    const sessions = new SessionIds();
    const id = sessions.issue();
    expect(sessions.verified(undefined)).toBeUndefined();
    expect(sessions.verified([id, id])).toBeUndefined();
  });
});
