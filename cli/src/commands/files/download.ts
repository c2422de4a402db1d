import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError, UsageError } from '../../errors.ts';
import { printStatus } from '../../output/print.ts';
import { withSpinner } from '../../output/spinner.ts';
import type { Deps } from '../shared.ts';
import type { DownloadOpts } from './index.ts';

/**
 * `files download <id> [-o path]`: the file's presigned `url` (from `files get`), fetched
 * without the API token (it is signed already, and the token must not go to storage).
 * Saved as the file's own name in the current folder by default; `-o -` writes to stdout.
 */
export async function run(opts: DownloadOpts, deps: Deps): Promise<void> {
  const { id, output, clobber } = opts;
  const { vapi } = await deps.client();
  const file = await withSpinner(deps.io, `Fetching file ${id}`, () => vapi.files.get(id));
  if (typeof file.url !== 'string' || !URL.canParse(file.url))
    throw new CliError(`file ${id} has no download URL (status: ${String(file.status ?? 'unknown')})`);
  // The stored name may carry folders ("../x"): only its last part names a local file.
  const target = output ?? basename(String(file.name ?? id)).replace(/^\.+$/, id);
  if (target !== '-' && !clobber && (await exists(target)))
    throw new UsageError(`${target} exists; pass --clobber to overwrite it, or -o another path`);
  const response = await withSpinner(deps.io, `Downloading ${String(file.name ?? id)}`, () =>
    deps.fetch(file.url as string, { redirect: 'follow' }),
  );
  if (!response.ok || !response.body)
    throw new CliError(
      `downloading file ${id} failed: ${response.status} ${response.statusText} from its URL`,
    );
  const sink = target === '-' ? deps.io.stdout : createWriteStream(target, { mode: 0o644 });
  // why: fetch's ReadableStream (DOM types) and node:stream/web's are the same object at run time.
  await pipeline(Readable.fromWeb(response.body as never), sink, { end: target !== '-' });
  if (target !== '-') printStatus(deps, `Saved ${String(file.name ?? id)} to ${target}`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
