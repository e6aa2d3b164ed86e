import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';

/** Every recorded XML message under `dir`, as paths relative to the SDMX fixture folder. */
export function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return xmlFiles(path);
    return name.endsWith('.xml') ? [relative(SDMX_FIXTURE_DATA_DIR, path)] : [];
  });
}
