#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// V8 keeps compiled bytecode between runs, so start-up skips parsing commander and the
// CLI; the import below is dynamic so that it is compiled with the cache on.
enableCompileCache?.();
const { run } = await import('./index.ts');
process.exitCode = await run(process.argv.slice(2));
