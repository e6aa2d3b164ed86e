#!/usr/bin/env node
// The `opendata-mcp` binary; the published one is this file bundled (scripts/bundle.mjs).
import { main } from './main.js';

await main(process.argv.slice(2));
