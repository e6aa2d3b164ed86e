// Rewrites the README blocks generated from the registry profiles: `pnpm --filter @opendata-mcp/sdmx docs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { refreshBlocks } from '../src/profiles/readme-blocks.js';
import { README_FILES } from '../src/profiles/readme-files.test-support.js';

for (const file of README_FILES) {
  const before = readFileSync(file.path, 'utf8');
  const { text, found } = refreshBlocks(before);
  if (text !== before) writeFileSync(file.path, text);
  console.log(
    `${file.name}: ${found.length ? found.join(', ') : 'no generated blocks'}${text !== before ? ' (rewritten)' : ''}`,
  );
}
