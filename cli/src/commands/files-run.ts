import { createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { lookup } from 'mrmime';
import { CliError, UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { readBytes } from '../input/stdin.ts';
import { jsonFields } from '../output/json-fields.ts';
import { printRecord, printStatus } from '../output/print.ts';
import { shapingFor, type OutputFlags } from '../output/shape.ts';
import { withSpinner } from '../output/spinner.ts';
import { resourceSpec } from './resources/catalog.ts';
import { globalsOf } from './shared.ts';

async function readSource(factory: Factory, path: string): Promise<Buffer> {
  if (path === '-') return readBytes(factory.io.stdin);
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code}`,
    );
  }
}

/** The file to send: its name, and a content type from the name's extension (as browsers do). */
export async function fileToUpload(factory: Factory, path: string, name: string | undefined): Promise<File> {
  if (path === '-' && !name) {
    throw new UsageError(
      'reading the file from stdin (-) needs --name, e.g. --name faq.pdf (it sets the type)',
    );
  }
  const bytes = await readSource(factory, path);
  const fileName = name ?? basename(path);
  return new File([new Uint8Array(bytes)], fileName, {
    type: lookup(fileName) ?? 'application/octet-stream',
  });
}

export async function uploadFile(factory: Factory, command: Command): Promise<void> {
  const path = command.processedArgs[0] as string;
  const { name, dryRun } = command.opts<{ name?: string; dryRun?: boolean }>();
  const shaping = await shapingFor(factory, command.opts<OutputFlags>(), jsonFields('files'));
  const file = await fileToUpload(factory, path, name);
  if (dryRun)
    return (await import('./dry-run.ts')).dryRun(factory, command, (vapi) => vapi.files.create(file));
  const { vapi } = await factory.getClient(globalsOf(command));
  const created = await withSpinner(factory.io, `Uploading ${file.name}`, () => vapi.files.create(file));
  await printRecord(factory, resourceSpec('files').columns, created, shaping);
}

/**
 * `files download <id> [-o path]`: the file's presigned `url` (from `files get`), fetched
 * without the API token (it is signed already, and the token must not go to storage).
 * Saved as the file's own name in the current folder by default; `-o -` writes to stdout.
 */
export async function downloadFile(factory: Factory, command: Command): Promise<void> {
  const id = command.processedArgs[0] as string;
  const { output, clobber } = command.opts<{ output?: string; clobber?: boolean }>();
  const { vapi } = await factory.getClient(globalsOf(command));
  const file = await withSpinner(factory.io, `Fetching file ${id}`, () => vapi.files.get(id));
  if (typeof file.url !== 'string' || !URL.canParse(file.url))
    throw new CliError(`file ${id} has no download URL (status: ${String(file.status ?? 'unknown')})`);
  // The stored name may carry folders ("../x"): only its last part names a local file.
  const target = output ?? basename(String(file.name ?? id)).replace(/^\.+$/, id);
  if (target !== '-' && !clobber && (await exists(target)))
    throw new UsageError(`${target} exists; pass --clobber to overwrite it, or -o another path`);
  const response = await withSpinner(factory.io, `Downloading ${String(file.name ?? id)}`, () =>
    factory.fetch(file.url as string, { redirect: 'follow' }),
  );
  if (!response.ok || !response.body)
    throw new CliError(
      `downloading file ${id} failed: ${response.status} ${response.statusText} from its URL`,
    );
  const sink = target === '-' ? factory.io.stdout : createWriteStream(target, { mode: 0o644 });
  // why: fetch's ReadableStream (DOM types) and node:stream/web's are the same object at run time.
  await pipeline(Readable.fromWeb(response.body as never), sink, { end: target !== '-' });
  if (target !== '-') printStatus(factory, `Saved ${String(file.name ?? id)} to ${target}`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
