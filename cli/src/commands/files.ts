import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction, outputOptions, DRY_RUN_HELP } from './shared.ts';

/** `files create <path>`: a multipart upload of one local file. */
export function registerFiles(files: Command, factory: Factory): void {
  const create = files
    .command('create')
    .alias('upload')
    .description('Upload a file (multipart) for use in knowledge bases.')
    .argument('<path>', 'the local file to upload, or - for stdin (then --name is required)')
    .option(
      '--name <name>',
      'file name to store (default: the file name of <path>); its extension sets the type',
    )
    .addHelpText(
      'after',
      examples(
        'voxdesk files create ./faq.pdf',
        'voxdesk files create ./faq.pdf --name clinic-faq.pdf --json',
        'curl -s https://example.com/menu.pdf | voxdesk files create - --name menu.pdf',
      ),
    )
    .action(lazyAction(factory, async () => (await import('./files-run.ts')).uploadFile));
  outputOptions(create, 'the created file').option('--dry-run', DRY_RUN_HELP);
  files
    .command('download')
    .description("Download a file's content (saved under its own name unless -o says otherwise).")
    .argument('<id>', 'file id')
    .option('-o, --output <path>', 'where to save it; - writes to stdout')
    .option('--clobber', 'overwrite an existing file')
    .addHelpText(
      'after',
      examples(
        'voxdesk files download <id>',
        'voxdesk files download <id> -o faq.pdf',
        'voxdesk files download <id> -o - | less',
      ),
    )
    .action(lazyAction(factory, async () => (await import('./files-run.ts')).downloadFile));
}
