import type { Command } from 'commander';
import { arg, defineCommand, type OptionsOf } from '../define.ts';
import { addCommand, examples, type Wiring } from '../shared.ts';
const KEYS_HELP = `
Keys:
  output     default output when no --json/--jq/--template is given: table or json
  profile    the active profile (as \`auth switch\`)
  base_url   the API base URL of the active profile (or --profile)`;

export const getDef = defineCommand({
  name: 'get',
  description: 'Print the value of one key.',
  args: [arg('<key>', 'output, profile or base_url')],
  help: examples('voxdesk config get output', 'voxdesk config get base_url --profile staging'),
});
export type GetOpts = OptionsOf<typeof getDef>;

export const setDef = defineCommand({
  name: 'set',
  description: 'Set one key (checked first: a bad value changes nothing).',
  args: [arg('<key>', 'output, profile or base_url'), arg('<value>', 'the new value')],
  help: examples(
    'voxdesk config set output json',
    'voxdesk config set base_url http://127.0.0.1:8080 --profile dev',
  ),
});
export type SetOpts = OptionsOf<typeof setDef>;

export const listDef = defineCommand({
  name: 'list',
  aliases: ['ls'],
  description: 'Print every key as key=value.',
  help: examples('voxdesk config list'),
});

/** `voxdesk config get|set|list`: defaults kept in the config file (as `gh config`). */
export function registerConfig(program: Command, wiring: Wiring): void {
  const config = program
    .command('config')
    .description('Read and change defaults: output format, active profile, base URL.')
    .addHelpText(
      'after',
      `${KEYS_HELP}\n${examples('voxdesk config list', 'voxdesk config set output json')}`,
    );
  addCommand(config, wiring, getDef, async () => (await import('./get.ts')).run);
  addCommand(config, wiring, setDef, async () => (await import('./set.ts')).run);
  addCommand(config, wiring, listDef, async () => (await import('./list.ts')).run);
}
