import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../contract/context.js';
import { createRequestStateSealer } from './request-context.js';

const KEY = 'k'.repeat(32);
const sdk = (method: string) => ({ mcpReq: { method } }) as unknown as ServerContext;
const base = { adapterId: 'a' } as ToolContext;

describe('createRequestStateSealer', () => {
  it('seals state that verifies back to the same value for the same method', async () => {
    const sealer = createRequestStateSealer(KEY);
    const state = await sealer
      .contextFor(base, sdk('tools/call'))
      .sealRequestState({ round: 2, name: 'Ada' });
    expect(await sealer.verify(state, sdk('tools/call'))).toEqual({ round: 2, name: 'Ada' });
  });

  it('refuses state that was altered, minted for another method, or under another key', async () => {
    const sealer = createRequestStateSealer(KEY);
    const state = await sealer.contextFor(base, sdk('tools/call')).sealRequestState({ round: 1 });
    const [version, payload, mac] = state.split('.') as [string, string, string];
    const forged = `${version}.${Buffer.from('{"p":{"round":9}}').toString('base64url')}.${mac}`;
    await expect(sealer.verify(forged, sdk('tools/call'))).rejects.toThrow();
    await expect(
      sealer.verify(`${version}.${payload}.${mac.slice(1)}x`, sdk('tools/call')),
    ).rejects.toThrow();
    await expect(sealer.verify(state, sdk('prompts/get'))).rejects.toThrow();
    await expect(createRequestStateSealer('z'.repeat(32)).verify(state, sdk('tools/call'))).rejects.toThrow();
  });

  it('hands the handler the request context beside the tool context', () => {
    const request = sdk('tools/call');
    const ctx = createRequestStateSealer().contextFor(base, request);
    expect(ctx.request).toBe(request);
    expect(ctx.adapterId).toBe('a');
  });
});
