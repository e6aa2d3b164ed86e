import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { HttpClient } from '../http/http-types.js';

/** Watches a stretch of work for outbound traffic that does not go through `ctx.http`. */
export interface OutboundWatch {
  /** Wraps an adapter's guarded client so the connections it opens count as sanctioned. */
  sanction(client: HttpClient): HttpClient;
  /** Runs `work` while recording every global `fetch` and client socket opened outside a sanctioned client. */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** What was seen so far, one line per bypass, e.g. `global fetch http://127.0.0.1:4000/x`. */
  violations(): string[];
  /** Stops listening; the global `fetch` is restored after each `during` already. */
  stop(): void;
}

/**
 * The run-time half of "every request goes through ctx.http" (a source scan is the other): the
 * guarded client's calls are marked in async context, and any socket a client opens or any call
 * of the global `fetch` outside that mark is a bypass, whatever module made it.
 */
export function watchOutbound(): OutboundWatch {
  const sanctioned = new AsyncLocalStorage<true>();
  const seen: string[] = [];
  let active = false;
  const onSocket = (message: unknown) => {
    if (!active || sanctioned.getStore()) return;
    const socket = (message as { socket?: Socket }).socket;
    // The channel fires before the socket connects; name the peer once it is known.
    const index = seen.push('client socket opened outside ctx.http') - 1;
    socket?.once('connect', () => {
      seen[index] = `client socket to ${socket.remoteAddress}:${socket.remotePort} opened outside ctx.http`;
    });
  };
  diagnostics.subscribe('net.client.socket', onSocket);

  return {
    sanction(client) {
      return {
        fetch: (request) => sanctioned.run(true, () => client.fetch(request)),
        download: (request) => sanctioned.run(true, () => client.download(request)),
        stats: () => client.stats(),
        ...(client.close ? { close: () => client.close?.() ?? Promise.resolve() } : {}),
      };
    },
    async during(work) {
      const original = globalThis.fetch;
      globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
        if (!sanctioned.getStore()) seen.push(`global fetch ${describeInput(input)}`);
        return original(input, init);
      }) as typeof fetch;
      active = true;
      try {
        return await work();
      } finally {
        active = false;
        globalThis.fetch = original;
      }
    },
    violations: () => [...seen],
    stop() {
      diagnostics.unsubscribe('net.client.socket', onSocket);
    },
  };
}

function describeInput(input: Parameters<typeof fetch>[0]): string {
  const text = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return text.slice(0, 200);
}
