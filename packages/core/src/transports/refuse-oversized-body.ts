import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of a refused body is read and discarded, and for how long, before the connection is cut. */
export interface DrainBudget {
  maxBytes: number;
  maxMs: number;
}

/**
 * A client is sure to read its 413 only if its body ends within the budget: fetch (undici) reads the
 * answer between writes, and under load only once it has sent everything. 64 MiB past the cap covers
 * a large message sent by mistake (a file pasted inline) for well under a second of reading;
 * discarded bytes are never kept. 30 s is nginx's lingering time: room for slow links and busy hosts
 * (twenty parallel 50 MiB fetch uploads took 25 to 32 s on a loaded two-core machine), and well under
 * Node's own 300 s request timeout, which would otherwise be the only bound.
 */
export const DEFAULT_DRAIN_BUDGET: DrainBudget = { maxBytes: 64 * 1024 * 1024, maxMs: 30_000 };

/**
 * Answers 413 at once, then keeps reading and discarding the rest of the body (a lingering close):
 * a server that closes while its client is still sending resets the connection, and the client
 * reports a broken connection instead of the answer. The response ends, and the connection closes
 * cleanly, when the body has ended. Past the byte or time budget the connection is cut: a client that
 * reads while it sends (Node's http client) has had its 413 since the cap was passed; one that reads
 * only after sending sees the cut.
 */
export function refuseOversizedBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBodyBytes: number,
  budget: DrainBudget,
): void {
  const text = `request body larger than ${maxBodyBytes} bytes`;
  res.writeHead(413, {
    connection: 'close',
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  // Written whole but not ended: ending would let Node close the socket while the body still arrives.
  res.write(text);
  if (req.complete) return void res.end();
  let drained = 0;
  const cutOff = (): void => {
    stop();
    res.destroy();
  };
  const timer = setTimeout(cutOff, budget.maxMs);
  const onData = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > budget.maxBytes) cutOff();
  };
  const onEnd = (): void => {
    stop();
    res.end();
  };
  function stop(): void {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('close', stop);
  }
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('close', stop);
  req.resume();
}
