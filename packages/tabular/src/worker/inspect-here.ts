import { stringify } from 'lossless-json';
import { createEngine, type Engine } from '../engine/create-engine.js';
import { lockEngine } from '../engine/lock-engine.js';
import type { TableLimits } from '../engine/table-limits.js';
import { parseWithEngine } from '../sql-guard/engine-parse.js';
import { assertBoundedSql } from '../sql-guard/sql-nesting.js';

/** What an inspection sends back: the tree as lossless JSON text, or null when it is too large. */
export interface InspectReply {
  tree: string | null;
  treeChars: number;
}

/** A parser holds no table: a small memory limit and one thread are plenty. */
export const PARSER_LIMITS: TableLimits = {
  maxRows: 0,
  memoryBytes: 64 * 1024 * 1024,
  queryTimeoutMs: 0,
  threads: 1,
};

let parser: Promise<Engine> | undefined;

function openParser(): Promise<Engine> {
  parser ??= createEngine(PARSER_LIMITS).then(async (engine) => {
    await lockEngine(engine.connection);
    return engine;
  });
  // A failed start is tried again by the next request rather than remembered.
  parser.catch(() => {
    parser = undefined;
  });
  return parser;
}

/**
 * Parses one model-written statement with DuckDB in this engine process, on a connection of its own
 * so inspections run side by side. Nothing is executed: the text only reaches DuckDB's parser and
 * serialiser. The tree crosses back as text, and only up to `maxTreeChars`: the server reads it on
 * its main thread, so its size must not be the model's to choose.
 */
export async function inspectHere(sql: string, maxTreeChars: number): Promise<InspectReply> {
  assertBoundedSql(sql);
  const { instance } = await openParser();
  const connection = await instance.connect();
  try {
    const tree = stringify(await parseWithEngine(connection, sql)) ?? '';
    return { tree: tree.length <= maxTreeChars ? tree : null, treeChars: tree.length };
  } finally {
    connection.closeSync();
  }
}
