import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { lookup } from 'mrmime';
import { UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { readBytes } from '../input/stdin.ts';
import { jsonFields } from '../output/json-fields.ts';
import { printRecord } from '../output/print.ts';
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
  const { name } = command.opts<{ name?: string }>();
  const shaping = await shapingFor(factory, command.opts<OutputFlags>(), jsonFields('files'));
  const file = await fileToUpload(factory, path, name);
  const { vapi } = await factory.getClient(globalsOf(command));
  const created = await withSpinner(factory.io, `Uploading ${file.name}`, () => vapi.files.create(file));
  await printRecord(factory, resourceSpec('files').columns, created as Record<string, unknown>, shaping);
}
