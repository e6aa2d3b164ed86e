import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const RESOURCES = join(here, '..', '..', '..', 'packages', 'fixtures', 'data', 'ckan', 'resources');

/** A plain RFC 4180 reader: quoted fields, doubled quotes, CRLF. Independent of the query engine. */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Records of a CSV file: decoded with the given encoding, `skip` lines dropped before the header. */
export function readRecords(
  path: string,
  options: { encoding: string; delimiter: string; skip?: number },
): Array<Record<string, string>> {
  const text = new TextDecoder(options.encoding).decode(readFileSync(path));
  const [header, ...rows] = parseCsv(text, options.delimiter).slice(options.skip ?? 0);
  if (!header) return [];
  return rows
    .filter((r) => r.some((cell) => cell.trim() !== ''))
    .map((r) => Object.fromEntries(header.map((name, i) => [name.trim(), r[i] ?? ''])));
}

export const resourcePath = (file: string) => join(RESOURCES, file);
export const oraclePath = (file: string) => join(here, 'data', file);
