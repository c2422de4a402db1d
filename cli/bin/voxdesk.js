#!/usr/bin/env node
// The committed launcher: npm links a workspace's `bin` at install time only when the file
// exists, and `dist/` is built after install, so `npx voxdesk` works on a fresh clone once
// the CLI is built. It must stay syntax an old Node parses (no static imports of new APIs):
// under an older Node it says which version is needed instead of failing inside dist/.
import { createRequire } from 'node:module';

// The one minimum lives in package.json's "engines" (e.g. ">=22.13"); this reads it.
const engines = createRequire(import.meta.url)('../package.json').engines.node;
const [neededMajor, neededMinor = 0] = /(\d+)(?:\.(\d+))?/.exec(engines).slice(1).map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < neededMajor || (major === neededMajor && minor < neededMinor)) {
  console.error(`voxdesk needs Node ${engines} — found ${process.versions.node}`);
  process.exit(1);
}

const entry = new URL('../dist/bin.js', import.meta.url);
try {
  await import(entry.href);
} catch (error) {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(entry.pathname)) {
    console.error('voxdesk is not built yet. Run: npm run build -w @voxdesk/sdk -w @voxdesk/cli');
    process.exit(1);
  }
  throw error;
}
