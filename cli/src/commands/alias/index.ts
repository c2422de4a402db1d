import type { Command } from 'commander';
import { arg, defineCommand, type OptionsOf } from '../define.ts';
import { addCommand, examples, type Wiring } from '../shared.ts';

export const setDef = defineCommand({
  name: 'set',
  description: 'Add or change an alias; $1, $2… take its arguments, the rest are appended.',
  args: [
    arg('<name>', 'the new word (not a voxdesk command)'),
    arg('<expansion>', 'the voxdesk command it stands for, quoted as one argument'),
  ],
  help: examples(
    "voxdesk alias set al 'assistants list --json id,name'",
    "voxdesk alias set transcript 'calls watch $1 --jq .text'",
    'voxdesk transcript <call id>',
  ),
});
export type SetOpts = OptionsOf<typeof setDef>;

export const listDef = defineCommand({
  name: 'list',
  aliases: ['ls'],
  description: 'Print the aliases: name<TAB>expansion when piped.',
  help: examples('voxdesk alias list', 'voxdesk alias list | cut -f1'),
});

export const deleteDef = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  description: 'Remove an alias.',
  args: [arg('<name>', 'the alias')],
  help: examples('voxdesk alias delete al'),
});
export type DeleteOpts = OptionsOf<typeof deleteDef>;

/** `voxdesk alias set|list|delete`, as gh's: shortcuts stored in the config file. */
export function registerAlias(program: Command, wiring: Wiring): void {
  const alias = program
    .command('alias')
    .description('Shortcuts for voxdesk commands: alias set, list and delete (stored in the config file).')
    .addHelpText(
      'after',
      `
An alias cannot shadow a voxdesk command and expands to voxdesk words only (no shell).
${examples("voxdesk alias set al 'assistants list --json id,name'", 'voxdesk alias list', 'voxdesk alias delete al')}`,
    );
  // `set` checks the name against the command tree's words, read when it runs.
  addCommand(alias, wiring, setDef, async () => {
    const [{ run }, { builtins }] = await Promise.all([import('./set.ts'), import('../../alias/lookup.ts')]);
    return (opts, deps) => run(opts, deps, builtins(program));
  });
  addCommand(alias, wiring, listDef, async () => (await import('./list.ts')).run);
  addCommand(alias, wiring, deleteDef, async () => (await import('./delete.ts')).run);
}
