// A server that loads a table in an engine process and then ends without closing it, as a server
// ends when its client goes away. Usage: open-and-exit.ts <csv-path>
import { openTable } from '../open-table.js';
import { warmEngine } from '../worker/engine-pool.js';

const [path] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: open-and-exit.ts <csv-path>\n');
  process.exit(2);
}
const session = await openTable({
  path,
  limits: { maxRows: 1_000, memoryBytes: 64 * 1024 * 1024, queryTimeoutMs: 5_000 },
});
const { rows } = await session.query('SELECT count(*) AS n FROM data', { limit: 1 });
// A spare engine too, idle and waiting for the next table (unreferenced: a timer keeps this process up).
const awake = setInterval(() => {}, 1_000);
await warmEngine();
clearInterval(awake);
process.stdout.write(`${JSON.stringify(rows[0])}\n`);
process.exit(0);
