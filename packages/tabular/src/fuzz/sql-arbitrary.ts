import fc from 'fast-check';

/**
 * Model-written SQL and its hostile neighbours: SELECTs built from safe and forbidden pieces, then
 * mutated with the characters parsers disagree about (quotes, backslashes, comment openers,
 * brackets, dollar quotes, look-alike and invisible unicode).
 */
const COLUMNS = ['a', 'b', '"a"', 'data.a', '*', '#1', "COLUMNS('^a')", '* EXCLUDE (b)'];
const LITERALS = [
  "'x'",
  "'\\'",
  "'it''s'",
  "E'\\''",
  "'--'",
  "'/*'",
  '$$x$$',
  "$t$ ' $t$",
  '-9007199254740993',
  '-123456789.123456789123',
  "'dаta'",
  "'\u200b'",
  'NULL',
  '1e308',
];
const SAFE_FUNCTIONS = [
  'lower',
  'sum',
  'count',
  'round',
  'replace',
  'printf',
  'list',
  'main.lower',
  'coalesce',
];
const FORBIDDEN_FUNCTIONS = [
  'version',
  'current_setting',
  'getenv',
  'read_text',
  'glob',
  'query',
  'range',
  'duckdb_settings',
  'getvariable',
  'json_execute_serialized_sql',
  'pg_catalog.lower',
  'system.main.version',
];
const SAFE_TABLES = ['data', 'data AS d', '(SELECT * FROM data)', 'c1', 'c2'];
const FORBIDDEN_TABLES = [
  'secret',
  "'secret.csv'",
  "read_csv('/etc/passwd')",
  'range(5)',
  'duckdb_settings()',
  'duckdb_tables',
  'information_schema.tables',
  'memory.main.data',
  '(SELECT * FROM secret)',
  '(DESCRIBE data)',
  "query_table('secret')",
];
const GLUE = ["'", '"', '\\', '--', '/*', '*/', ';', '(', ')', '$$', 'E', '\n', '\u200b', 'а', '\u00ad', ' '];

function expressionOf(functions: string[], tables: string[]): fc.Arbitrary<string> {
  return fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(...LITERALS, 'a', 'b'),
      fc
        .tuple(fc.constantFrom(...functions), fc.array(tie('expr'), { maxLength: 2 }))
        .map(([name, args]) => `${name}(${args.join(', ')})`),
      fc
        .tuple(tie('expr'), fc.constantFrom('+', '||', '//', '=', 'LIKE'), tie('expr'))
        .map((p) => p.join(' ')),
      fc.tuple(tie('expr'), fc.constantFrom(...tables)).map(([e, t]) => `(SELECT ${e} FROM ${t})`),
      tie('expr').map((e) => `TRY_CAST(${e} AS DOUBLE)`),
    ),
  })).expr;
}

function selectOf(functions: string[], tables: string[]): fc.Arbitrary<string> {
  const expression = expressionOf(functions, tables);
  return fc
    .record({
      ctes: fc.array(
        fc.tuple(fc.constantFrom('c1', 'c2', 'secret', 'duckdb_settings'), fc.constantFrom(...tables)),
        {
          maxLength: 2,
        },
      ),
      items: fc.array(fc.oneof(fc.constantFrom(...COLUMNS), expression), { minLength: 1, maxLength: 3 }),
      from: fc.option(fc.constantFrom(...tables), { nil: undefined }),
      where: fc.option(expression, { nil: undefined }),
      tail: fc.constantFrom(
        '',
        ' LIMIT 5',
        ' LIMIT 500 OFFSET 2',
        ' ORDER BY 1',
        ' GROUP BY ALL',
        ' -- x',
        ' /* x */',
      ),
    })
    .map(({ ctes, items, from, where, tail }) => {
      const withClause = ctes.length
        ? `WITH ${ctes.map(([name, table]) => `${name} AS (SELECT * FROM ${table})`).join(', ')} `
        : '';
      return `${withClause}SELECT ${items.join(', ')}${from ? ` FROM ${from}` : ''}${where ? ` WHERE ${where}` : ''}${tail}`;
    });
}

/** Mostly-safe queries (so the oracles on accepted queries run often) and openly hostile ones. */
const select = fc.oneof(
  { arbitrary: selectOf(SAFE_FUNCTIONS, SAFE_TABLES), weight: 3 },
  {
    arbitrary: selectOf([...SAFE_FUNCTIONS, ...FORBIDDEN_FUNCTIONS], [...SAFE_TABLES, ...FORBIDDEN_TABLES]),
    weight: 2,
  },
);

/** A generated query, possibly with a few hostile characters spliced in. */
export const hostileSql: fc.Arbitrary<string> = fc
  .tuple(select, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...GLUE)), { maxLength: 3 }))
  .map(([sql, splices]) =>
    splices.reduce((text, [at, glue]) => {
      const index = at % (text.length + 1);
      return text.slice(0, index) + glue + text.slice(index);
    }, sql),
  );
