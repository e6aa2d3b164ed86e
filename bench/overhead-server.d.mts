import type { Logger, OpenDataServer } from '@opendata-mcp/core/server';

export declare function trivialServer(logger: Logger): OpenDataServer;
