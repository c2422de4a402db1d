import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { printRecord } from '../output/print.ts';
import { withSpinner } from '../output/spinner.ts';
import { resourceSpec } from './resources/catalog.ts';
import { globalsOf } from './shared.ts';

export async function uploadFile(factory: Factory, command: Command): Promise<void> {
  const path = command.processedArgs[0] as string;
  const { name, json } = command.opts<{ name?: string; json?: boolean }>();
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code}`,
    );
  }
  const file = new File([new Uint8Array(bytes)], name ?? basename(path));
  const { vapi } = await factory.getClient(globalsOf(command));
  const created = await withSpinner(factory.io, `Uploading ${file.name}`, () => vapi.files.create(file));
  await printRecord(
    factory,
    resourceSpec('files').columns,
    created as Record<string, unknown>,
    Boolean(json),
  );
}
