import { createJsonLogger, type Logger, type LogLevel } from '../log/logger.js';

export interface LogEntry {
  level: Exclude<LogLevel, 'silent'>;
  message: string;
  [field: string]: unknown;
}

export interface MemoryLogger {
  logger: Logger;
  /** Every entry at or above the level, oldest first. */
  entries(): LogEntry[];
  /** Forgets what was logged, e.g. between two calls under test. */
  clear(): void;
}

/**
 * A logger that keeps its entries in memory, so a test can show why a call failed (an output
 * schema mismatch is logged with its zod issues, while the envelope says only `internal_error`).
 */
export function createMemoryLogger(level: LogLevel = 'warn'): MemoryLogger {
  let lines: string[] = [];
  const logger = createJsonLogger({ level, write: (line) => lines.push(line) });
  return {
    logger,
    entries: () => lines.map((line) => JSON.parse(line) as LogEntry),
    clear() {
      lines = [];
    },
  };
}
