import type { Logger, OpenDataServer } from '@opendata-mcp/core';

export declare function trivialServer(logger: Logger): OpenDataServer;
