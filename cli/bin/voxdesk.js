#!/usr/bin/env node
// npm links a workspace's `bin` at install time only when the file exists, and `dist/` is
// built after install; this committed launcher always exists, so `npx voxdesk` works on a
// fresh clone as soon as the CLI is built.
const entry = new URL('../dist/bin.js', import.meta.url);

try {
  await import(entry.href);
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(entry.pathname)) {
    console.error('voxdesk is not built yet. Run: npm run build -w @voxdesk/sdk -w @voxdesk/cli');
    process.exit(1);
  }
  throw error;
}
