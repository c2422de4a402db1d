import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { lookup } from 'mrmime';
import { UsageError } from '../../errors.ts';
import type { IOStreams } from '../../factory.ts';
import { readBytes } from '../../input/stdin.ts';
import { jsonFields } from '../../output/json-fields.ts';
import { printRecord } from '../../output/print.ts';
import { shapingFor } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { resourceSpec } from '../resources/catalog.ts';
import type { Deps } from '../shared.ts';
import type { CreateFileOpts } from './index.ts';

async function readSource(io: IOStreams, path: string): Promise<Buffer> {
  if (path === '-') return readBytes(io.stdin);
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
export async function fileToUpload(io: IOStreams, path: string, name: string | undefined): Promise<File> {
  if (path === '-' && !name) {
    throw new UsageError(
      'reading the file from stdin (-) needs --name, e.g. --name faq.pdf (it sets the type)',
    );
  }
  const bytes = await readSource(io, path);
  const fileName = name ?? basename(path);
  return new File([new Uint8Array(bytes)], fileName, {
    type: lookup(fileName) ?? 'application/octet-stream',
  });
}

/** `files create <path>`: a multipart upload of one local file (or stdin with --name). */
export async function run(opts: CreateFileOpts, deps: Deps): Promise<void> {
  const { path, name, dryRun } = opts;
  const shaping = await shapingFor(deps, opts, jsonFields('files'));
  const file = await fileToUpload(deps.io, path, name);
  if (dryRun)
    return (await import('../dry-run.ts')).dryRun(deps, opts.json, (vapi) => vapi.files.create(file));
  const { vapi } = await deps.client();
  const created = await withSpinner(deps.io, `Uploading ${file.name}`, () => vapi.files.create(file));
  await printRecord(deps, resourceSpec('files').columns, created, shaping);
}
