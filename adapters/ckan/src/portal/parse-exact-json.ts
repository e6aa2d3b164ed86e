import { isSafeNumber, LosslessNumber, parse } from 'lossless-json';

/**
 * A number a double does not hold needs 16 or more significant digits (an exponent of three digits
 * for one out of range); without such a run the plain parser gives the same values, much faster.
 * A single character class with a fixed count: linear, whatever the text.
 */
const MAYBE_INEXACT = /[0-9.]{16}|[eE][+-]?[0-9]{3}/;

const parseNumber = (text: string) => (isSafeNumber(text) ? Number(text) : new LosslessNumber(text));

/**
 * JSON with every number a double holds as a number, and every other one (DataStore `int8` and
 * `numeric` values past 2^53, long decimals) as a `LosslessNumber` holding its digits as written.
 */
export function parseExactJson(text: string): unknown {
  return MAYBE_INEXACT.test(text) ? parse(text, null, parseNumber) : JSON.parse(text);
}
