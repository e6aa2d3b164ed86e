/** The family of a data answer, which decides the parser. */
export type DataFamily = 'xml' | 'json' | 'csv';

/**
 * What kind of data answer came back: the Content-Type first (registries label SDMX media
 * types precisely: `application/vnd.sdmx.genericdata+xml`, `…data+json`, `…data+csv`), then the
 * body's first bytes when the label is generic or missing. What was asked for plays no part:
 * many registries ignore `format=` or the Accept header.
 */
export function detectDataFormat(contentType: string | undefined, body: string): DataFamily | null {
  const type = (contentType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (/[+/]xml$/.test(type)) return 'xml';
  if (/[+/]json$/.test(type)) return 'json';
  if (/[+/]csv$/.test(type) || type === 'text/comma-separated-values') return 'csv';
  return sniff(body);
}

function sniff(body: string): DataFamily | null {
  const start = body
    .slice(0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('<')) return /^<(!doctype\s+)?html\b/i.test(start) ? null : 'xml';
  if (start.startsWith('{')) return 'json';
  // A CSV header line: comma- or semicolon-separated, no markup.
  const line = start.split(/\r?\n/, 1)[0] ?? '';
  return line.length > 0 && /[,;]/.test(line) && !/[<>{}]/.test(line) ? 'csv' : null;
}
