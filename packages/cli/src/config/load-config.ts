import { readFile } from 'node:fs/promises';
import { ConfigError } from './config-error.js';
import type { Config } from './config-schema.js';

/** The configuration used when no file is given: the LINDAS adapter on its public endpoint. */
export const DEFAULT_CONFIG: Config = { adapters: [{ type: 'lindas' }] };

/** Reads a JSON configuration file; validation happens in `parseConfig`. */
export async function readConfigDocument(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Cannot read configuration file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Configuration file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}
