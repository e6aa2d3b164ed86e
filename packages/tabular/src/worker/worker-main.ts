/**
 * Entry of a table's engine process. It holds one loaded table and answers the server over the IPC
 * channel. Everything whose cost depends on a hostile input (file sniffing, decoding, DuckDB's
 * loaders, SQL parsing and execution) runs here, so a crash, a hang or a runaway allocation ends
 * this process and never the server.
 */
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import { isOpenDataError } from '@opendata-mcp/core/errors';
import { prepareEngine } from '../engine/create-engine.js';
import { openLocalRecords } from '../local/open-local-records.js';
import { openLocalTable } from '../local/open-local-table.js';
import { openLocalTables } from '../local/open-local-tables.js';
import type { TableDescription, TableSession } from '../table-session.js';
import { ENGINE_DIR_PREFIX } from './engine-dir.js';
import { inspectHere } from './inspect-here.js';
import type { WireError, WorkerReady, WorkerReply, WorkerRequest } from './protocol.js';

// Temporary files go to this process's own directory. Set here, once its modules are loaded, rather than
// in the environment it starts with: run from the sources, the TypeScript loader keys its compile
// cache on TMPDIR as the process boots, and a fresh directory would have it compile every module again.
const ownDir = basename(process.cwd()).startsWith(ENGINE_DIR_PREFIX);
if (ownDir) process.env.TMPDIR = process.cwd();

// Without the server there is nobody to answer: die at once, even inside a native call. The server
// cannot remove this process's directory any more (its temporary files included): do it first.
function leave(): void {
  if (ownDir) rmSync(process.cwd(), { recursive: true, force: true });
  process.kill(process.pid, 'SIGKILL');
}
process.on('disconnect', leave);
// A server that ended while this process was still loading its modules disconnected before anyone
// listened: the event is not sent again.
if (!process.connected) leave();

let session: TableSession | undefined;
/** Queries in flight, by request id, so an interrupt stops the one it names. */
const running = new Map<number, AbortController>();

function send(reply: WorkerReply): void {
  process.send?.(reply);
}

function toWire(error: unknown): WireError {
  if (isOpenDataError(error)) {
    return { code: error.code, message: error.message, hint: error.hint ?? null, details: error.details };
  }
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

function describe(table: TableSession): TableDescription {
  return {
    columns: table.columns,
    rowCount: table.rowCount,
    ...(table.tables ? { tables: table.tables } : {}),
    format: table.format,
    notes: table.notes,
  };
}

function openedSession(): TableSession {
  if (!session) throw new Error('No table is loaded in this engine process.');
  return session;
}

async function answer(request: Exclude<WorkerRequest, { op: 'interrupt' }>) {
  switch (request.op) {
    case 'open_file':
      session = await openLocalTable({
        path: request.path,
        formatHint: request.formatHint,
        declared: request.declared,
        limits: request.limits,
        onProgress: (progress) => send({ id: request.id, progress }),
      });
      return describe(session);
    case 'open_records':
      session = await openLocalRecords({
        fields: request.fields,
        records: request.records,
        notes: request.notes,
        limits: request.limits,
      });
      return describe(session);
    case 'open_tables':
      session = await openLocalTables({ tables: request.tables, limits: request.limits });
      return describe(session);
    case 'query':
    case 'query_json': {
      const controller = new AbortController();
      running.set(request.id, controller);
      try {
        const options = { limit: request.limit, signal: controller.signal };
        return request.op === 'query_json'
          ? await openedSession().queryJson(request.sql, {
              ...options,
              page: request.page,
              maxKeptBytes: request.maxKeptBytes,
            })
          : await openedSession().query(request.sql, { ...options, offset: request.offset ?? 0 });
      } finally {
        running.delete(request.id);
      }
    }
    case 'sample':
      return openedSession().sample(request.n);
    case 'check_notes':
      return openedSession().checkNotes();
    case 'inspect':
      return inspectHere(request.sql, request.maxTreeChars);
  }
}

process.on('message', (request: WorkerRequest) => {
  if (request.op === 'interrupt') {
    running.get(request.id)?.abort(new Error('interrupted'));
    return;
  }
  answer(request).then(
    (value) => send({ id: request.id, ok: true, value }),
    (error: unknown) => send({ id: request.id, ok: false, error: toWire(error) }),
  );
});

// Warm the engine while the server prepares the first request, and say when it is warm.
void import('@duckdb/node-api').then(() => {
  prepareEngine();
  process.send?.({ ready: true } satisfies WorkerReady);
});
