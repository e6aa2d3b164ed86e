import { DuckDBConnection, DuckDBExtractedStatements, DuckDBPreparedStatement } from '@duckdb/node-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardSql } from '../sql-guard/guard-sql.js';
import { TEST_LIMITS } from '../test-support.js';
import { createEngine } from './create-engine.js';
import { runLimited } from './run-limited.js';

afterEach(() => vi.restoreAllMocks());

describe('statements a query prepares', () => {
  it('are freed as soon as the query is done, not when V8 next collects', async () => {
    // Each held about 1 MiB of DuckDB's memory until collected; a process busy with queries but light on
    // JavaScript garbage ran out of its memory limit after a few hundred queries.
    const prepared = [
      vi.spyOn(DuckDBConnection.prototype, 'prepare'),
      vi.spyOn(DuckDBExtractedStatements.prototype, 'prepare'),
    ];
    const destroyed = vi.spyOn(DuckDBPreparedStatement.prototype, 'destroySync');
    const engine = await createEngine(TEST_LIMITS);
    try {
      await engine.connection.run('CREATE TABLE data AS SELECT range AS n FROM range(10)');
      for (const sql of ['SELECT count(*) AS c FROM data', 'SELECT n FROM data WHERE n > 5']) {
        const guarded = await guardSql(engine.connection, sql, { maxRows: 5 });
        const outcome = await runLimited(engine.connection, guarded.sql, { timeoutMs: 5_000 });
        expect(outcome.reader?.currentRowCount).toBeGreaterThan(0);
      }
      await runLimited(engine.connection, 'CREATE TABLE other AS SELECT 1', { timeoutMs: 5_000 });
      const made = prepared.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      expect(made).toBeGreaterThan(0);
      expect(destroyed).toHaveBeenCalledTimes(made);
    } finally {
      engine.connection.closeSync();
      engine.instance.closeSync();
    }
  });
});
