import { currentRequestId } from './request-scope.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export interface JsonLoggerOptions {
  level?: LogLevel;
  /** Where lines go; stderr by default, so stdio's stdout stays protocol-only. */
  write?: (line: string) => void;
  now?: () => Date;
}

/** JSON lines, one object per event; inside a request each line names it (`request_id`). */
export function createJsonLogger(
  options: JsonLoggerOptions = {},
  bound: Record<string, unknown> = {},
): Logger {
  const threshold = RANK[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const now = options.now ?? (() => new Date());
  const emit = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < threshold) return;
    const requestId = currentRequestId();
    const scoped = requestId ? { request_id: requestId } : {};
    write(
      `${JSON.stringify({ time: now().toISOString(), level, message, ...scoped, ...bound, ...fields })}\n`,
    );
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createJsonLogger(options, { ...bound, ...fields }),
  };
}

export const silentLogger: Logger = createJsonLogger({ level: 'silent' });
