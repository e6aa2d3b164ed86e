import { isOpenDataError } from '@opendata-mcp/core';
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/create-engine.js';
import { guardSql } from '../sql-guard/guard-sql.js';
import { TEST_LIMITS } from '../test-support.js';
import { hostileSql } from './sql-arbitrary.js';

/**
 * The guard against generated and mutated SQL, judged by oracles it does not share code with:
 * DuckDB's physical plan says which tables and table functions a query reads, and a deny-list
 * walk of the printed query's tree says which functions it calls.
 */
let engine: Engine;

// Names that must never survive the guard, whatever the allow-list says.
const DENIED =
  /^(version|current_setting|getenv|getvariable|query|query_table|glob|read_\w+|duckdb_\w+|range|json_execute_serialized_sql)$/i;

beforeAll(async () => {
  engine = await createEngine(TEST_LIMITS);
  // A second table the guard must never let a query reach: `data` is the only one it may read.
  await engine.connection.run("CREATE TABLE data AS SELECT 'x' AS a, 1.5 AS b");
  await engine.connection.run("CREATE TABLE secret AS SELECT 'canary' AS s");
});

afterAll(() => {
  engine.connection.closeSync();
  engine.instance.closeSync();
});

interface PlanNode {
  name: string;
  children: PlanNode[];
  extra_info: Record<string, unknown>;
}

async function planSources(sql: string): Promise<{ tables: string[]; functions: string[] } | null> {
  let text: string;
  try {
    const reader = await engine.connection.runAndReadAll(`EXPLAIN (FORMAT JSON) ${sql}`);
    text = String(reader.getRows()[0]?.[1]);
  } catch {
    return null; // does not bind (unknown column …): the engine refuses it before reading anything
  }
  const tables: string[] = [];
  const functions: string[] = [];
  const visit = (node: PlanNode) => {
    if (typeof node.extra_info.Table === 'string') tables.push(node.extra_info.Table);
    if (typeof node.extra_info.Function === 'string') functions.push(node.extra_info.Function);
    node.children.forEach(visit);
  };
  (JSON.parse(text) as PlanNode[]).forEach(visit);
  return { tables, functions };
}

async function calledFunctions(sql: string): Promise<string[]> {
  const reader = await engine.connection.runAndReadAll(
    `SELECT json_serialize_sql(${`'${sql.replaceAll("'", "''")}'`})`,
  );
  const names: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if (typeof node.function_name === 'string') names.push(node.function_name);
      Object.values(node).forEach(visit);
    }
  };
  visit(JSON.parse(String(reader.getRows()[0]?.[0])));
  return names;
}

describe('SQL guard under generated hostile input', () => {
  it(
    'accepts only queries that read `data` alone, call no denied function, and print to a fixpoint',
    async () => {
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(hostileSql, async (sql) => {
          let printed: string;
          try {
            printed = (await guardSql(engine.connection, sql, { maxRows: 20 })).sql;
          } catch (error) {
            // Refused, or unreadable to DuckDB's own parser: either way nothing ran.
            if (isOpenDataError(error) && error.code === 'unsafe_sql') return;
            if (
              isOpenDataError(error) &&
              error.code === 'query_error' &&
              /could not be parsed/.test(error.message)
            )
              return;
            throw error;
          }
          accepted++;
          // What runs is exactly what was checked: guarding the printed text changes nothing.
          expect((await guardSql(engine.connection, printed, { maxRows: 20 })).sql).toBe(printed);
          expect((await calledFunctions(printed)).filter((name) => DENIED.test(name))).toEqual([]);
          const sources = await planSources(printed);
          if (sources) {
            expect(sources.functions).toEqual([]);
            expect(sources.tables.every((table) => table === 'memory.main."data"')).toBe(true);
          }
        }),
        fuzzParameters(1_500),
      );
      // The generator must exercise acceptance too, or the oracles above would never run.
      expect(accepted).toBeGreaterThan(0);
    },
    fuzzTimeout(60_000),
  );
});
