import { OpenDataError } from '@opendata-mcp/core/errors';
import type { FileBytes } from './file-bytes.js';

// Byte order marks (UTF-8, UTF-16) and the whitespace of any of those encodings, NUL included.
const BLANK = /^(?:\xEF\xBB\xBF|\xFF\xFE|\xFE\xFF)?[\s\0]*$/;

/**
 * A file of nothing but whitespace or a byte order mark holds no table, though loaders read it as one
 * (a JSON value of one empty row, a CSV header without rows): refused as an empty file is, rather than
 * answered as a table an agent would report as "no data". Only files read whole here are checked.
 */
export function refuseBlankFile(file: FileBytes): void {
  if (file.tail.length !== file.size || !BLANK.test(file.tail.toString('latin1'))) return;
  throw new OpenDataError(
    'unsupported_resource',
    `The file holds no table: its ${file.size} byte(s) are only whitespace or a byte order mark, with no header and no values.`,
    {
      hint: 'An empty file says nothing about the data: pick another resource of the dataset or another dataset.',
      details: { bytes: file.size },
    },
  );
}
