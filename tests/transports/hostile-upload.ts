import { connect } from 'node:net';

export interface Upload {
  received: string;
  written: number;
  error?: string;
}

/**
 * A client that ignores the answer and goes on sending, over a bare socket (an HTTP client would
 * stop once it has read a complete 413 that closes the connection): as fast as it can, or 1 KiB
 * every 50 ms. Settles when the server closes the connection.
 */
export function hostileUpload(url: string, framing: string, pace: 'flood' | 'trickle'): Promise<Upload> {
  const target = new URL(url);
  const chunked = framing.startsWith('transfer-encoding');
  const payload = Buffer.alloc(pace === 'flood' ? 256 * 1024 : 1024, 0x20);
  const frame = chunked
    ? Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from('\r\n')])
    : payload;
  return new Promise((resolve) => {
    const upload: Upload = { received: '', written: 0 };
    const socket = connect(Number(target.port), target.hostname);
    let timer: NodeJS.Timeout | undefined;
    const send = (): void => {
      while (!socket.destroyed && socket.write(frame));
    };
    socket.on('data', (chunk: Buffer) => {
      upload.received += chunk.toString();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      upload.error ??= error.code;
    });
    socket.on('close', () => {
      clearInterval(timer);
      upload.written = socket.bytesWritten;
      resolve(upload);
    });
    socket.write(
      `POST ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`,
    );
    if (pace === 'flood') {
      socket.on('drain', send);
      send();
    } else {
      timer = setInterval(() => socket.write(frame), 50);
    }
  });
}
