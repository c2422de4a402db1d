#!/usr/bin/env node
// The committed launcher: npm links a workspace's `bin` at install time only when the file
// exists, and `dist/` is built after install, so without this file `npx vapi-mock` finds no
// local command on a fresh clone (and npx would offer an unrelated registry package instead).
// It must stay syntax an old Node parses: under an older Node it says which version is needed.
import { createRequire } from 'node:module';

// The one minimum lives in package.json's "engines" (e.g. ">=22.13"); this reads it.
const engines = createRequire(import.meta.url)('../package.json').engines.node;
const [neededMajor, neededMinor = 0] = /(\d+)(?:\.(\d+))?/.exec(engines).slice(1).map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < neededMajor || (major === neededMajor && minor < neededMinor)) {
  console.error(`vapi-mock needs Node ${engines} — found ${process.versions.node}`);
  process.exit(1);
}

const entry = new URL('../dist/cli.js', import.meta.url);
try {
  await import(entry.href);
} catch (error) {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(entry.pathname)) {
    console.error('vapi-mock is not built yet. Run: npm run build -w @voxdesk/sdk -w @voxdesk/vapi-mock');
    process.exit(1);
  }
  throw error;
}
