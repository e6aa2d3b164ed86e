// Runs one evaluation: `pnpm eval <name>` executes eval/<name>/<name>-eval.ts from the TypeScript sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, `${entry.name}-eval.ts`)))
  .map((entry) => entry.name);
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`usage: pnpm eval <${available.join('|')}> [options]`);
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  [
    '--conditions=@opendata-mcp/source',
    '--import',
    'tsx',
    // The LINDAS fixture store runs in WebAssembly: see vitest.config.ts for why this flag is set.
    '--no-turbo-inline-js-wasm-calls',
    join(here, name, `${name}-eval.ts`),
    ...process.argv.slice(3),
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
