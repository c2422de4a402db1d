import { Argument, type Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction } from './shared.ts';

export function registerCompletion(program: Command, factory: Factory): void {
  program
    .command('completion')
    .description('Print a shell completion script (commands, flags, and api paths).')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        'voxdesk completion bash > ~/.local/share/bash-completion/completions/voxdesk',
        'voxdesk completion zsh > "${fpath[1]}/_voxdesk"',
        'voxdesk completion fish > ~/.config/fish/completions/voxdesk.fish',
      ),
    )
    .action(
      lazyAction(factory, async () => {
        const { printCompletion } = await import('./completion-run.ts');
        return async (f, command) => printCompletion(f, command, program);
      }),
    );
}
