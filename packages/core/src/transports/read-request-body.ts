import type { IncomingMessage } from 'node:http';

/**
 * The body of a request, or 'too_large' as soon as it passes `max` bytes: by its declared
 * Content-Length before a byte is read, else at the chunk that crosses the cap. A refused request
 * is left paused and unconsumed, so the refusal decides what happens to the rest of it.
 */
export function readRequestBody(
  req: IncomingMessage,
  max: number,
): Promise<Buffer | undefined | 'too_large'> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE') {
    return Promise.resolve(undefined);
  }
  if (declaresBodyOver(req, max)) return Promise.resolve('too_large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      // Paused before the next read, so the drain that follows counts every byte after this one.
      req.pause();
      settle();
      resolve('too_large');
    };
    const onEnd = (): void => {
      settle();
      resolve(Buffer.concat(chunks));
    };
    const onClose = (): void => {
      settle();
      reject(new Error('the client closed the request before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}

export function declaresBodyOver(req: IncomingMessage, max: number): boolean {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  return Number.isFinite(declared) && declared > max;
}
