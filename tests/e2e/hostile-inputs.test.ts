import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE } from './hostile-files.js';
import {
  childPids,
  type HostileServer,
  isRunning,
  residentBytes,
  startHostileServer,
} from './hostile-server.js';

// Each finding of the security review, reproduced against the built server over stdio.
const root = fileURLToPath(new URL('../..', import.meta.url));

beforeAll(() => {
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url)), '-b'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}, 180_000);

const QUERY_TIMEOUT_MS = 3_000;
const MEMORY_BYTES = 256 * 1024 * 1024;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

describe('hostile inputs against the running server', () => {
  let server: HostileServer;
  const alive = async () => {
    const status = await server.client.callTool({ name: 'api_status', arguments: {} });
    expect(status.isError).not.toBe(true);
  };

  beforeAll(async () => {
    server = await startHostileServer({
      query_timeout_ms: QUERY_TIMEOUT_MS,
      max_query_memory_bytes: MEMORY_BYTES,
    });
  }, 60_000);
  afterAll(() => server?.close());

  it('1: twenty unclosed parentheses are answered at once and the server keeps answering', async () => {
    const { value, ms } = await timed(() =>
      server.query(HOSTILE.words, `SELECT ${'('.repeat(20)}1 FROM data`),
    );
    expect(value.isError).toBe(true);
    // DuckDB's own parser reads it in linear time and says where the syntax breaks; nothing runs.
    expect(value.body.error).toMatchObject({
      code: 'query_error',
      message: expect.stringMatching(/could not be parsed/),
    });
    expect(ms).toBeLessThan(5_000);
    const deep = await server.query(HOSTILE.words, `SELECT ${'('.repeat(200)}1${')'.repeat(200)} FROM data`);
    expect(deep.body.error).toMatchObject({ code: 'unsafe_sql', message: expect.stringMatching(/nests/) });
    await alive();
  });

  it('2: a JSON array nested 100,000 objects deep is refused before the engine reads it', async () => {
    const { value } = await timed(() => server.query(HOSTILE.deepObjects, 'SELECT count(*) FROM data'));
    expect(value.body.error).toMatchObject({
      code: 'unsupported_resource',
      message: expect.stringMatching(/nests/),
    });
    await alive();
    expect((await server.query(HOSTILE.words, 'SELECT count(*) AS n FROM data')).body.rows).toEqual([[3]]);
  });

  it.each([
    ["SELECT '\\' AS x, duckdb_settings() --' FROM data"],
    ["SELECT '\\' AS x, current_setting('memory_limit') --' FROM data"],
    ["SELECT '\\' AS x, version() --' FROM data"],
    ["SELECT '\\' AS x, * FROM range(40000000) --' FROM data"],
    ["SELECT '\\' AS x, * FROM glob('.tmp/*') --' FROM data"],
    ["SELECT '\\' AS x, query('SELECT 1') --' FROM data"],
  ])('3: the backslash-quote bypass is refused: %s', async (sql) => {
    const { body, isError } = await server.query(HOSTILE.words, sql);
    expect(isError).toBe(true);
    expect(body.error.code).toBe('unsafe_sql');
  });

  it('3: a backslash in a string is an ordinary character, as DuckDB reads it', async () => {
    const { body } = await server.query(HOSTILE.words, "SELECT '\\' AS x, count(*) AS n FROM data");
    expect(body.rows).toEqual([['\\', 3]]);
    expect(body.sql).not.toMatch(/--/);
  });

  it('4: uninterruptible calls end at their deadline and do not hold up another table', async () => {
    const levenshtein = `SELECT levenshtein(replace('${'x'.repeat(1000)}', 'x', '${'y'.repeat(100)}'), replace('${'x'.repeat(1000)}', 'x', '${'z'.repeat(300)}')) AS d FROM data`;
    const started = performance.now();
    const slow = Array.from({ length: 4 }, () =>
      server
        .query(HOSTILE.words, levenshtein)
        .then((answer) => ({ answer, ms: performance.now() - started })),
    );
    const other = await timed(() => server.query(HOSTILE.other, 'SELECT sum(population) AS total FROM data'));
    expect(other.value.body.rows).toEqual([[307000]]);
    const ended = await Promise.all(slow);
    // The other table answered while the four were still running: nothing of theirs held it up.
    expect(other.ms).toBeLessThan(Math.min(...ended.map(({ ms }) => ms)));
    for (const { answer, ms } of ended) {
      expect(answer.isError).toBe(true);
      expect(['query_timeout', 'query_error']).toContain(answer.body.error.code);
      // Each ends at its deadline: the query timeout plus the grace the engine gets to interrupt.
      expect(ms).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS);
      expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + 5_000);
    }
    await alive();
  }, 30_000);

  it.each([[HOSTILE.deepArrays1000], [HOSTILE.deepArrays2000]])(
    '6: a 4 KB JSON file nested deep (%s) is refused in well under a second of engine time',
    async (id) => {
      const { value, ms } = await timed(() => server.query(id, 'SELECT count(*) FROM data'));
      expect(value.body.error.code).toBe('unsupported_resource');
      expect(ms).toBeLessThan(5_000);
    },
  );

  it('7: literals reach the engine exactly as written', async () => {
    const { body } = await server.query(
      HOSTILE.numbers,
      'SELECT label FROM data WHERE id = -9007199254740993',
    );
    expect(body.rows).toEqual([['exact']]);
    expect(body.sql).toContain('-9007199254740993');
    const decimal = await server.query(
      HOSTILE.numbers,
      'SELECT -123456789.123456789123 AS d FROM data LIMIT 1',
    );
    expect(decimal.body.sql).toContain('-123456789.123456789123');
    expect(decimal.body.rows).toEqual([['-123456789.123456789123']]);
  });
});

describe('memory ceiling of the engine process', () => {
  // A server of its own with a generous query timeout: on a busy machine the string building must still
  // end at the memory ceiling, not at the deadline of the shared suite above.
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer({ query_timeout_ms: 60_000, max_query_memory_bytes: MEMORY_BYTES });
  }, 60_000);
  afterAll(() => server?.close());

  it('5: string building stops at the engine process ceiling, not in the server', async () => {
    const r = 'r'.repeat(1000);
    const sql = `SELECT length(replace(replace(replace(word, 'a', '${r}'), 'r', '${r}'), 'r', '${r}')) AS n FROM data`;
    const { body } = await server.query(HOSTILE.words, sql);
    expect(body.error).toMatchObject({ code: 'resource_too_large' });
    expect(body.error.details.memory_ceiling_bytes).toBe(MEMORY_BYTES + 512 * 1024 * 1024);
    const pid = server.transport.pid;
    expect(pid).toBeTypeOf('number');
    expect(residentBytes(pid as number) ?? Number.POSITIVE_INFINITY).toBeLessThan(400 * 1024 * 1024);
    const status = await server.client.callTool({ name: 'api_status', arguments: {} });
    expect(status.isError).not.toBe(true);
  }, 90_000);
});

describe('closing the client ends the server and its engine processes', () => {
  it('exits while an uninterruptible query runs, leaving no process behind', async () => {
    const server = await startHostileServer({ query_timeout_ms: 60_000 });
    const pid = server.transport.pid as number;
    const levenshtein = `SELECT levenshtein(replace('${'x'.repeat(1000)}', 'x', '${'y'.repeat(100)}'), replace('${'x'.repeat(1000)}', 'x', '${'z'.repeat(300)}')) AS d FROM data`;
    const pending = server.query(HOSTILE.words, levenshtein).catch(() => undefined);
    let engines: number[] = [];
    for (let i = 0; i < 100 && engines.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      engines = childPids(pid);
    }
    expect(engines.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.close();
    await pending;
    const gone = async () => {
      for (let i = 0; i < 50; i++) {
        if (!isRunning(pid) && engines.every((engine) => !isRunning(engine))) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    };
    expect(await gone()).toBe(true);
  }, 60_000);
});
