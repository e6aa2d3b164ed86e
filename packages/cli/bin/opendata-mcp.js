#!/usr/bin/env node
// The unbundled binary, run from a clone after `pnpm build`; the package's bin is the bundle.
import '../dist/bin.js';
