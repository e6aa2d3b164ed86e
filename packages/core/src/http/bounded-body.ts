import { pipeline, type Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createUnzip } from 'node:zlib';
import { OpenDataError } from '../errors/opendata-error.js';

export function tooLarge(host: string, maxBytes: number, stage: 'compressed' | 'decoded'): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    `The response from ${host} is larger than ${maxBytes} bytes.`,
    {
      hint: 'Ask for less data (a filter, fewer rows) or a smaller resource.',
      details: { host, limit_bytes: maxBytes, stage },
    },
  );
}

function byteCap(maxBytes: number, onOver: () => OpenDataError): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(onOver());
      else callback(null, chunk);
    },
  });
}

function decoderFor(encoding: string, host: string): Transform | null {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
    case 'deflate':
      return createUnzip();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new OpenDataError('upstream_error', `${host} answered with an unsupported encoding.`, {
        details: { host, content_encoding: encoding },
      });
  }
}

/**
 * Decodes a raw response body while capping it twice: the bytes on the wire and the bytes
 * after decompression. Either cap ends the stream with `resource_too_large`, so a small
 * compressed bomb stops as soon as its output passes the cap.
 */
export function boundedBody(raw: Readable, encoding: string, maxBytes: number, host: string): Readable {
  const decoder = decoderFor(encoding.trim().toLowerCase(), host);
  const wireCap = byteCap(maxBytes, () => tooLarge(host, maxBytes, 'compressed'));
  const decodedCap = byteCap(maxBytes, () => tooLarge(host, maxBytes, 'decoded'));
  const stages = decoder ? [raw, wireCap, decoder, decodedCap] : [raw, wireCap];
  const noop = () => {};
  return pipeline(stages as [Readable, ...Transform[]], noop) as unknown as Readable;
}
