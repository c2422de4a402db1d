import type { Command } from 'commander';
import { arg, defineCommand, type OptionsOf } from '../define.ts';
import { addCommand, examples, type Wiring } from '../shared.ts';

export const completionDef = defineCommand({
  name: 'completion',
  description: 'Print a shell completion script: commands, flags, values, profiles, ids and paths.',
  args: [arg('<shell>', 'bash, zsh, fish or powershell', ['bash', 'zsh', 'fish', 'powershell'])],
  help: `
The script asks voxdesk itself for candidates at each TAB, so it never goes stale.
${examples(
  'mkdir -p ~/.local/share/bash-completion/completions && voxdesk completion bash > ~/.local/share/bash-completion/completions/voxdesk',
  'mkdir -p ~/.zfunc && voxdesk completion zsh > ~/.zfunc/_voxdesk   # then in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath)',
  'mkdir -p ~/.config/fish/completions && voxdesk completion fish > ~/.config/fish/completions/voxdesk.fish',
  'voxdesk completion powershell >> $PROFILE',
)}`,
});
export type CompletionOpts = OptionsOf<typeof completionDef>;

export function registerCompletion(program: Command, wiring: Wiring): void {
  addCommand(program, wiring, completionDef, async () => (await import('./scripts.ts')).printCompletion);
}
