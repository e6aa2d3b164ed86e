import { OpenDataError } from '@opendata-mcp/core';

// Characters SPARQL forbids inside <…> (IRIREF), plus whitespace and controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const IRI_FORBIDDEN = /[\u0000-\u0020<>"{}|^`\\]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/g;
const IRI_SHAPE = /^https?:\/\/[^/?#\s]+/i;

/** True when the text can be pasted as an absolute http(s) IRI without escaping. */
export function isSafeIri(value: string): boolean {
  return value.length <= 2000 && IRI_SHAPE.test(value) && !IRI_FORBIDDEN.test(value);
}

/** An IRI term for a query; anything that could break out of `<…>` is refused, never repaired. */
export function iri(value: string, what = 'IRI'): string {
  if (!isSafeIri(value)) {
    throw new OpenDataError(
      'invalid_input',
      `The ${what} is not an absolute http(s) IRI that can be queried.`,
      {
        hint: 'Pass the IRI exactly as another tool returned it, e.g. https://environment.ld.admin.ch/foen/…/1.',
      },
    );
  }
  return `<${value}>`;
}

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A string literal with every quote, backslash and control character escaped. */
export function literal(value: string, suffix?: { datatype?: string }): string {
  const body = value.replace(/[\\"\n\r\t\b\f]/g, (c) => ESCAPES[c] ?? c).replace(CONTROL, '');
  if (suffix?.datatype) return `"${body}"^^${iri(suffix.datatype, 'datatype')}`;
  return `"${body}"`;
}
