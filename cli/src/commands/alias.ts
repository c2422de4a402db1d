import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction } from './shared.ts';

/** `voxdesk alias set|list|delete`, as gh's: shortcuts stored in the config file. */
export function registerAlias(program: Command, factory: Factory): void {
  const alias = program
    .command('alias')
    .description('Shortcuts for voxdesk commands: alias set, list and delete (stored in the config file).')
    .addHelpText(
      'after',
      `
An alias cannot shadow a voxdesk command and expands to voxdesk words only (no shell).
${examples("voxdesk alias set al 'assistants list --json id,name'", 'voxdesk alias list', 'voxdesk alias delete al')}`,
    );
  alias
    .command('set')
    .description('Add or change an alias; $1, $2… take its arguments, the rest are appended.')
    .argument('<name>', 'the new word (not a voxdesk command)')
    .argument('<expansion>', 'the voxdesk command it stands for, quoted as one argument')
    .addHelpText(
      'after',
      examples(
        "voxdesk alias set al 'assistants list --json id,name'",
        "voxdesk alias set transcript 'calls watch $1 --jq .text'",
        'voxdesk transcript <call id>',
      ),
    )
    .action(lazyAction(factory, async () => (await import('../alias/run.ts')).setAlias));
  alias
    .command('list')
    .alias('ls')
    .description('Print the aliases: name<TAB>expansion when piped.')
    .addHelpText('after', examples('voxdesk alias list', 'voxdesk alias list | cut -f1'))
    .action(lazyAction(factory, async () => (await import('../alias/run.ts')).listAliases));
  alias
    .command('delete')
    .alias('rm')
    .description('Remove an alias.')
    .argument('<name>', 'the alias')
    .addHelpText('after', examples('voxdesk alias delete al'))
    .action(lazyAction(factory, async () => (await import('../alias/run.ts')).deleteAlias));
}
