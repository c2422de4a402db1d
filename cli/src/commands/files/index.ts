import type { Command } from 'commander';
import { arg, defineCommand, flag, type OptionsOf } from '../define.ts';
import { addCommand, dryRunFlag, examples, outputFlags, type Wiring } from '../shared.ts';

/** `files create <path>`: a multipart upload of one local file. */
export const createDef = defineCommand({
  name: 'create',
  aliases: ['upload'],
  description: 'Upload a file (multipart) for use in knowledge bases.',
  args: [arg('<path>', 'the local file to upload, or - for stdin (then --name is required)')],
  flags: [
    flag(
      '--name <name>',
      'file name to store (default: the file name of <path>); its extension sets the type',
    ),
    ...outputFlags('the created file'),
    dryRunFlag,
  ],
  help: examples(
    'voxdesk files create ./faq.pdf',
    'voxdesk files create ./faq.pdf --name clinic-faq.pdf --json',
    'curl -s https://example.com/menu.pdf | voxdesk files create - --name menu.pdf',
  ),
});
export type CreateFileOpts = OptionsOf<typeof createDef>;

export const downloadDef = defineCommand({
  name: 'download',
  description: "Download a file's content (saved under its own name unless -o says otherwise).",
  args: [arg('<id>', 'file id')],
  flags: [
    flag('-o, --output <path>', 'where to save it; - writes to stdout'),
    flag('--clobber', 'overwrite an existing file'),
  ],
  help: examples(
    'voxdesk files download <id>',
    'voxdesk files download <id> -o faq.pdf',
    'voxdesk files download <id> -o - | less',
  ),
});
export type DownloadOpts = OptionsOf<typeof downloadDef>;

/** The verbs of `files` beyond the generic ones. */
export function registerFiles(files: Command, wiring: Wiring): void {
  addCommand(files, wiring, createDef, async () => (await import('./create.ts')).run);
  addCommand(files, wiring, downloadDef, async () => (await import('./download.ts')).run);
}
