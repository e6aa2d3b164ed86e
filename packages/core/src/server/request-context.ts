import { randomBytes } from 'node:crypto';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import type { RequestContext, ToolContext } from '../contract/context.js';

export interface RequestStateSealer {
  /** The hook the SDK runs on every echoed `requestState` before a handler sees it. */
  verify(state: string, sdk: ServerContext): Promise<unknown>;
  contextFor(ctx: ToolContext, sdk: ServerContext): RequestContext;
}

/**
 * One HMAC codec per server for multi-round `requestState`. The key defaults to random bytes,
 * which holds while one process serves every round; several processes behind one address
 * need a shared key. State is bound to the method it was minted for.
 */
export function createRequestStateSealer(key?: string | Uint8Array): RequestStateSealer {
  const codec = createRequestStateCodec({ key: key ?? randomBytes(32), bind: (sdk) => sdk.mcpReq.method });
  return {
    verify: (state, sdk) => codec.verify(state, sdk),
    contextFor: (ctx, sdk) => ({
      ...ctx,
      request: sdk,
      sealRequestState: (payload) => codec.mint(payload, sdk),
    }),
  };
}
