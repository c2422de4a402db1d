import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction } from './shared.ts';

type Verb = 'getSetting' | 'setSetting' | 'listSettings';
const load = (name: Verb) => async () => (await import('./config-run.ts'))[name];

const KEYS_HELP = `
Keys:
  output     default output when no --json/--jq/--template is given: table or json
  profile    the active profile (as \`auth switch\`)
  base_url   the API base URL of the active profile (or --profile)`;

/** `voxdesk config get|set|list`: defaults kept in the config file (as `gh config`). */
export function registerConfig(program: Command, factory: Factory): void {
  const config = program
    .command('config')
    .description('Read and change defaults: output format, active profile, base URL.')
    .addHelpText(
      'after',
      `${KEYS_HELP}\n${examples('voxdesk config list', 'voxdesk config set output json')}`,
    );
  config
    .command('get')
    .description('Print the value of one key.')
    .argument('<key>', 'output, profile or base_url')
    .addHelpText(
      'after',
      examples('voxdesk config get output', 'voxdesk config get base_url --profile staging'),
    )
    .action(lazyAction(factory, load('getSetting')));
  config
    .command('set')
    .description('Set one key (checked first: a bad value changes nothing).')
    .argument('<key>', 'output, profile or base_url')
    .argument('<value>', 'the new value')
    .addHelpText(
      'after',
      examples(
        'voxdesk config set output json',
        'voxdesk config set base_url http://127.0.0.1:8080 --profile dev',
      ),
    )
    .action(lazyAction(factory, load('setSetting')));
  config
    .command('list')
    .alias('ls')
    .description('Print every key as key=value.')
    .addHelpText('after', examples('voxdesk config list'))
    .action(lazyAction(factory, load('listSettings')));
}
