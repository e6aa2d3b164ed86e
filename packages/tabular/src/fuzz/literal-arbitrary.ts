import fc from 'fast-check';

/**
 * SQL literals of every kind DuckDB's parser types by their spelling, and small expressions over
 * them: scientific notation (DOUBLE), decimals with leading and trailing zeros (DECIMAL of a width
 * that counts them, or DOUBLE past 38 digits), integers from INTEGER to past UHUGEINT (DOUBLE),
 * and strings with quotes, newlines and non-ASCII text.
 */
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** Exponents keep every literal finite: at most 25 mantissa digits times 1e280. */
const scientific = fc
  .tuple(
    digits(1, 20),
    fc.option(digits(0, 5), { nil: undefined }),
    fc.constantFrom('e', 'E'),
    fc.integer({ min: -340, max: 280 }),
  )
  .map(
    ([whole, fraction, e, exponent]) =>
      `${whole}${fraction === undefined ? '' : `.${fraction}`}${e}${exponent}`,
  );

const decimal = fc
  .tuple(digits(0, 24), digits(0, 24))
  .filter(([whole, fraction]) => whole.length + fraction.length > 0)
  .map(([whole, fraction]) => `${whole}.${fraction}`);

const integer = digits(1, 45);

const string = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .filter((text) => !text.includes('\0'))
  .map((text) => `'${text.replaceAll("'", "''")}'`);

const number = fc
  .tuple(fc.constantFrom('', '-'), fc.oneof(scientific, decimal, integer))
  .map(([sign, text]) => `${sign}${text}`);

export const literal: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: number, weight: 5 },
  { arbitrary: string, weight: 1 },
);

const numericExpression = fc.oneof(
  number,
  fc
    .tuple(number, fc.constantFrom('BIGINT', 'INTEGER', 'DOUBLE', 'DECIMAL(18,3)', 'VARCHAR'))
    .map(([value, type]) => `TRY_CAST(${value} AS ${type})`),
  fc
    .tuple(number, fc.constantFrom('+', '-', '*', '/', '//', '%', '<', '='))
    .map(([n, op]) => `${n} ${op} 1.1`),
  fc.tuple(number, number, number).map((factors) => factors.join(' * ')),
  fc.tuple(number, number).map(([a, b]) => `[${a}, ${b}]`),
  fc.tuple(number, number).map(([a, b]) => `greatest(${a}, ${b})`),
);

/** A literal or a small expression over literals, as it would sit in a SELECT list. */
export const literalExpression: fc.Arbitrary<string> = fc.oneof(literal, numericExpression);
