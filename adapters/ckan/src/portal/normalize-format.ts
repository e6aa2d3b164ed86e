// Cyrillic letters that portals type instead of their Latin twins in format labels ("СSV", "ХLSX").
const LOOK_ALIKES: Record<string, string> = {
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Т: 'T',
  Х: 'X',
  Ѕ: 'S',
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  і: 'i',
  к: 'k',
  м: 'm',
  о: 'o',
  р: 'p',
  т: 't',
  х: 'x',
  ѕ: 's',
};

const ALIASES: Record<string, string> = {
  'TEXT/CSV': 'CSV',
  'APPLICATION/CSV': 'CSV',
  'APPLICATION/JSON': 'JSON',
  'APPLICATION/VND.OPENXMLFORMATS-OFFICEDOCUMENT.SPREADSHEETML.SHEET': 'XLSX',
  'APPLICATION/VND.MS-EXCEL': 'XLS',
  'APPLICATION/X-PARQUET': 'PARQUET',
  'APPLICATION/PDF': 'PDF',
  'TEXT/HTML': 'HTML',
  'ZIP+CSV': 'ZIP',
  EXCEL: 'XLS',
  GEOJSON: 'GEOJSON',
};

/** Formats the tabular loader reads; everything else is refused before any download. */
export const TABULAR_FORMATS = new Set(['CSV', 'TSV', 'TXT', 'JSON', 'PARQUET', 'XLSX']);

/** A portal's format label as one upper-case token, with look-alike letters and MIME types mapped. */
export function normalizeFormat(declared: string | null | undefined, url?: string | null): string | null {
  const cleaned = [...(declared ?? '')]
    .map((ch) => LOOK_ALIKES[ch] ?? ch)
    .join('')
    .trim()
    .replace(/^\./, '')
    .toUpperCase();
  if (cleaned) return ALIASES[cleaned] ?? cleaned;
  const extension = url
    ? /\.([a-z0-9]{2,8})(?:$|[?#])/i.exec(new URL(url, 'http://x').pathname)?.[1]
    : undefined;
  return extension ? (ALIASES[extension.toUpperCase()] ?? extension.toUpperCase()) : null;
}
