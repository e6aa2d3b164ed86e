import { OpenDataError } from '@opendata-mcp/core/errors';

export type FileFormat = 'csv' | 'json' | 'parquet' | 'xlsx';

// Portals type formats by hand: "CSV", "csv ", ".csv", "text/csv", and with Cyrillic letters that look Latin.
const LOOK_ALIKES: Record<string, string> = {
  А: 'a',
  В: 'b',
  С: 'c',
  Е: 'e',
  Н: 'h',
  І: 'i',
  Ј: 'j',
  К: 'k',
  М: 'm',
  О: 'o',
  Р: 'p',
  Ѕ: 's',
  Т: 't',
  Х: 'x',
  а: 'a',
  с: 'c',
  е: 'e',
  і: 'i',
  ј: 'j',
  о: 'o',
  р: 'p',
  ѕ: 's',
  х: 'x',
  у: 'y',
};

/** A declared format label as plain lowercase Latin (`"СЅV "` → `"csv"`, `"text/csv"` → `"csv"`). */
export function normalizeFormatLabel(label: string | null | undefined): string {
  if (!label) return '';
  const latin = [...label.normalize('NFKC')].map((char) => LOOK_ALIKES[char] ?? char).join('');
  const last = latin.trim().toLowerCase().split(/[/+;]/).pop() ?? '';
  return last.replace(/^\.|^x-/, '').trim();
}

function unsupported(what: string, hint: string): never {
  throw new OpenDataError(
    'unsupported_resource',
    `The resource is ${what}, not a table this server can load.`,
    {
      hint,
    },
  );
}

const OTHER_RESOURCE_HINT =
  'Pick another resource of the dataset in CSV, JSON (array of records), Parquet or XLSX format.';

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function firstTextChar(head: Uint8Array): string {
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(head.subarray(0, 4096));
  return text.replace(/^[\s\uFEFF]+/, '').charAt(0);
}

/**
 * Decides the format from the bytes; the declared label is not trusted. `head` is the start of the
 * file: a few KB hold the magic numbers and, for a ZIP, the first part names that mark a workbook.
 */
export function detectFormat(head: Uint8Array): FileFormat {
  if (startsWith(head, [0x50, 0x41, 0x52, 0x31])) return 'parquet';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const names = Buffer.from(head).toString('latin1');
    if (/\[Content_Types\]\.xml|xl\/workbook\.xml|xl\/_rels|docProps\//.test(names) && /xl\//.test(names)) {
      return 'xlsx';
    }
    return unsupported('a ZIP archive', `${OTHER_RESOURCE_HINT} Archives are not unpacked.`);
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) {
    return unsupported(
      'a legacy Office file (XLS/DOC)',
      `${OTHER_RESOURCE_HINT} Old binary XLS is not read.`,
    );
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return unsupported('a PDF document', OTHER_RESOURCE_HINT);
  if (startsWith(head, [0x1f, 0x8b])) return unsupported('a gzip-compressed file', OTHER_RESOURCE_HINT);
  const utf16 = startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]);
  if (!utf16 && head.subarray(0, 8192).includes(0)) return unsupported('a binary file', OTHER_RESOURCE_HINT);
  const first = utf16 ? '' : firstTextChar(head);
  if (first === '<') {
    return unsupported(
      'an HTML or XML document (often a portal landing page)',
      `${OTHER_RESOURCE_HINT} The link may point to a web page about the data rather than the file.`,
    );
  }
  if (first === '[' || first === '{') return 'json';
  return 'csv';
}
