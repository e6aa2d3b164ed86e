import type { IsolatedProcess } from '@opendata-mcp/core';
import type { TableLimits } from '../engine/table-limits.js';
import { type Budget, EngineBudget } from './engine-budget.js';
import { engineBudget, memoryCeiling, readConnections } from './engine-limits.js';
import { EngineProcess } from './engine-process.js';
import { spawnEngine } from './spawn-engine.js';

let spare: IsolatedProcess | undefined;
const budget = new EngineBudget();
/** The budget of the latest load: the spare is started only within it. */
let latest: Budget = engineBudget({} as TableLimits);

function usable(engine: IsolatedProcess | undefined): engine is IsolatedProcess {
  return engine !== undefined && engine.child.exitCode === null && engine.child.signalCode === null;
}

/**
 * Booting a process (Node and DuckDB) takes most of a core for a few hundred milliseconds. The
 * replacement spare waits this long after a table is taken, so it does not compete with the load
 * and the first queries of that table; the next table a server opens comes later, as a rule.
 */
const SPARE_DELAY_MS = 2_000;

/**
 * An engine process for one table, once the server's engine budget allows one more (see
 * `EngineBudget`; a load waits at most one query's timeout). A spare is kept started (with DuckDB
 * already imported), so opening a table does not wait for a process to boot; it is idle,
 * unreferenced, and dies with the server. Taking the spare schedules the next one.
 */
export async function startEngine(limits: TableLimits, signal?: AbortSignal): Promise<EngineProcess> {
  latest = engineBudget(limits);
  const ceiling = memoryCeiling(limits);
  await budget.admit(ceiling, latest, limits.queryTimeoutMs, signal);
  let engine: IsolatedProcess;
  try {
    engine = usable(spare) ? spare : spawnEngine();
  } catch (error) {
    budget.cancel(ceiling);
    throw error;
  }
  spare = undefined;
  setTimeout(() => void warmEngine(), SPARE_DELAY_MS).unref();
  const handle = new EngineProcess(engine, ceiling, readConnections(limits));
  budget.hold(handle, ceiling);
  return handle;
}

/**
 * Starts the spare engine process now if there is none and the engine budget has room for one
 * more process, so a table opened shortly after (once a download finishes, say) does not wait for
 * a process to boot. Cheap when a spare is ready. The promise settles when the spare can take a
 * table (at once when none is started); nobody needs to wait for it.
 */
export function warmEngine(): Promise<void> {
  if (usable(spare)) return spare.ready;
  if (budget.size + 1 > latest.engines) return Promise.resolve();
  spare = spawnEngine();
  spare.child.unref();
  spare.child.channel?.unref();
  return spare.ready;
}

/** Stops the spare process (a server shutting down, a test cleaning up). */
export function stopSpareEngine(): void {
  spare?.child.kill('SIGKILL');
  spare = undefined;
}

/** Engine processes holding or loading a table in this server (the spare not counted). */
export function liveEngines(): number {
  return budget.size;
}
