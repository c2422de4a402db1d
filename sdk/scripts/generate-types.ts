/**
 * Generates the SDK surface from the sources in api/: `npm run generate -w @voxdesk/sdk`.
 * Writes src/generated/openapi.ts (openapi-typescript), webhooks.ts, and the files rendered
 * by client-source.ts (named types, one module per resource, the Vapi class, the by-id types
 * and invoke, the functional entry, the operations array). test/generated.test.ts fails when they are stale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { generateAll } from './generate.ts';

const files = await generateAll();
for (const [name, content] of files) {
  const out = new URL(`../src/generated/${name}`, import.meta.url);
  mkdirSync(new URL('.', out), { recursive: true });
  writeFileSync(out, content);
}
console.log(`Wrote ${files.size} files to src/generated/.`);
