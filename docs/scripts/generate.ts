/**
 * Writes the generated reference pages, or with `--check` fails when a committed page
 * differs from what the code would generate now (so the docs cannot drift).
 *
 *   node --conditions=source docs/scripts/generate.ts [--check] [--out <dir>]
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cliPage, commandsByOperation, loadProgram } from './cli-page.ts';
import { endpointsPage } from './endpoints-page.ts';
import { serverMessagesPage } from './server-messages-page.ts';
import { DOCUMENT_PATH } from '../../sdk/scripts/webhook-types.ts';

const root = join(import.meta.dirname, '../..');
const usage = 'Usage: generate.ts [--check] [--out <dir>] (default dir: docs/)';

const { values: flags } = (() => {
  try {
    return parseArgs({ options: { check: { type: 'boolean' }, out: { type: 'string' } } });
  } catch (error) {
    console.error(`generate: ${(error as Error).message}. ${usage}`);
    process.exit(2);
  }
})();
const check = flags.check ?? false;
const docsDir = resolve(flags.out ?? join(root, 'docs'));

const program = loadProgram();
const pages = new Map([
  [join(docsDir, 'endpoints.md'), endpointsPage(commandsByOperation(program))],
  [join(docsDir, 'cli.md'), cliPage(program)],
  [join(docsDir, 'server-messages.md'), serverMessagesPage(JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')))],
]);

const stale: string[] = [];
for (const [path, content] of pages) {
  const name = relative(root, path);
  if (check) {
    const committed = await readFile(path, 'utf8').catch(() => undefined);
    if (committed !== content) stale.push(name);
  } else {
    await writeFile(path, content);
    console.log(`wrote ${name}`);
  }
}
if (stale.length) {
  console.error(
    `${stale.join(' and ')} ${stale.length === 1 ? 'is' : 'are'} out of date with the code. ` +
      'Run `npm run docs` and commit the result.',
  );
  process.exit(1);
}
if (check) console.log(`${[...pages.keys()].map((path) => relative(root, path)).join(', ')}: up to date`);
