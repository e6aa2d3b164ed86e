// Runs one benchmark: `pnpm bench <name>` executes bench/<name>.bench.ts from the TypeScript sources.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`usage: pnpm bench <${available.join('|')}>`);
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  [
    '--conditions=@opendata-mcp/source',
    '--import',
    'tsx',
    '--expose-gc',
    join(here, `${name}.bench.ts`),
    ...process.argv.slice(3),
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
