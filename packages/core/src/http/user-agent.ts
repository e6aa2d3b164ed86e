import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// package.json sits two levels up from both src/http and dist/http.
const { version } = require('../../package.json') as { version: string };

export const DEFAULT_USER_AGENT = `opendata-mcp/${version}`;
