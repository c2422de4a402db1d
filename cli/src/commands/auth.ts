import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction } from './shared.ts';

const load = (name: 'login' | 'logout' | 'status') => async () => (await import('./auth-run.ts'))[name];

export function registerAuth(program: Command, factory: Factory): void {
  program
    .command('login')
    .description('Store an API token after checking it with one API call.')
    .option('--with-token', 'read the token from stdin instead of prompting')
    .addHelpText(
      'after',
      `
The token is typed without echo (or piped with --with-token), verified with one request,
and stored in $XDG_CONFIG_HOME/voxdesk/config.json (default ~/.config), mode 0600.
A --base-url given with login is stored too.
${examples('voxdesk login', 'voxdesk login --with-token < vapi-token.txt', 'echo "$TOKEN" | voxdesk login --with-token --base-url http://127.0.0.1:8080')}`,
    )
    .action(lazyAction(factory, load('login')));
  program
    .command('logout')
    .description('Remove the stored token from the config file.')
    .addHelpText('after', examples('voxdesk logout'))
    .action(lazyAction(factory, load('logout')));
  const auth = program
    .command('auth')
    .description('Inspect authentication.')
    .addHelpText('after', examples('voxdesk auth status'));
  auth
    .command('status')
    .description('Say where the token comes from, show it masked, and check it with one API call.')
    .option('--json [fields]', 'print {baseUrl, source, configPath, token (masked), valid, error?, fix?}')
    .option('-q, --jq <expression>', "filter the JSON with a jq expression, e.g. '.valid'")
    .option('-t, --template <template>', "format the JSON with a Mustache template, e.g. '{{source}}'")
    .addHelpText(
      'after',
      `
Exit codes: 0 valid, 4 no token or rejected (the message names the source and the fix).
${examples('voxdesk auth status', 'VAPI_TOKEN=… voxdesk auth status', 'voxdesk auth status --json | jq .valid')}`,
    )
    .action(lazyAction(factory, load('status')));
}
