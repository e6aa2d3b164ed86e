import type { TableLimits } from '../engine/table-limits.js';
import { memoryCeiling, readConnections } from './engine-limits.js';
import { EngineProcess } from './engine-process.js';
import { type SpawnedEngine, spawnEngine } from './spawn-engine.js';

let spare: SpawnedEngine | undefined;

function usable(engine: SpawnedEngine | undefined): engine is SpawnedEngine {
  return engine !== undefined && engine.child.exitCode === null && engine.child.signalCode === null;
}

/**
 * Booting a process (Node and DuckDB) takes most of a core for a few hundred milliseconds. The
 * replacement spare waits this long after a table is taken, so it does not compete with the load
 * and the first queries of that table; the next table a server opens comes later, as a rule.
 */
const SPARE_DELAY_MS = 2_000;

/**
 * An engine process for one table. A spare is kept started (with DuckDB already imported), so
 * opening a table does not wait for a process to boot; it is idle, unreferenced, and dies with
 * the server. Taking the spare schedules the next one.
 */
export function startEngine(limits: TableLimits): EngineProcess {
  const engine = usable(spare) ? spare : spawnEngine();
  spare = undefined;
  setTimeout(() => void warmEngine(), SPARE_DELAY_MS).unref();
  return new EngineProcess(engine, memoryCeiling(limits), readConnections(limits));
}

/**
 * Starts the spare engine process now if there is none, so a table opened shortly after (once a
 * download finishes, say) does not wait for a process to boot. Cheap when a spare is ready. The
 * promise settles when the spare can take a table; nobody needs to wait for it.
 */
export function warmEngine(): Promise<void> {
  if (usable(spare)) return spare.ready;
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
