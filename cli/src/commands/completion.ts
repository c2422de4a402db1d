import { Argument, type Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction } from './shared.ts';

export function registerCompletion(program: Command, factory: Factory): void {
  program
    .command('completion')
    .description('Print a shell completion script: commands, flags, values, profiles, ids and paths.')
    .addArgument(
      new Argument('<shell>', 'bash, zsh, fish or powershell').choices(['bash', 'zsh', 'fish', 'powershell']),
    )
    .addHelpText(
      'after',
      `
The script asks voxdesk itself for candidates at each TAB, so it never goes stale.
${examples(
  'mkdir -p ~/.local/share/bash-completion/completions && voxdesk completion bash > ~/.local/share/bash-completion/completions/voxdesk',
  'mkdir -p ~/.zfunc && voxdesk completion zsh > ~/.zfunc/_voxdesk   # then in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath)',
  'mkdir -p ~/.config/fish/completions && voxdesk completion fish > ~/.config/fish/completions/voxdesk.fish',
  'voxdesk completion powershell >> $PROFILE',
)}`,
    )
    .action(lazyAction(factory, async () => (await import('./completion-run.ts')).printCompletion));
}
