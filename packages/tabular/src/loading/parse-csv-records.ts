export interface CsvRecord {
  fields: string[];
  /** Offset of the record's first character in the text. */
  start: number;
  /** Offset just past the record's line break. */
  end: number;
}

/**
 * A small RFC 4180 reader for sniffing: quoted fields may hold delimiters, doubled quotes and
 * line breaks. It only looks at the head or tail of a file; DuckDB reads the whole table.
 */
export function parseCsvRecords(text: string, delimiter: string, maxRecords: number, from = 0): CsvRecord[] {
  const records: CsvRecord[] = [];
  let index = from;
  while (index < text.length && records.length < maxRecords) {
    const start = index;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let atFieldStart = true;
    for (; index < text.length; index++) {
      const char = text[index] as string;
      if (quoted) {
        if (char !== '"') field += char;
        else if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
        continue;
      }
      if (char === '"' && atFieldStart) {
        quoted = true;
        atFieldStart = false;
      } else if (char === delimiter) {
        fields.push(field);
        field = '';
        atFieldStart = true;
      } else if (char === '\n' || char === '\r') {
        index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
        break;
      } else {
        field += char;
        atFieldStart = false;
      }
    }
    fields.push(field);
    records.push({ fields, start, end: index });
  }
  return records;
}
