import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction, outputOptions } from './shared.ts';

type AuthVerb = 'login' | 'logout' | 'status' | 'printToken' | 'switchProfile' | 'listProfiles';
const load = (name: AuthVerb) => async () => (await import('./auth-run.ts'))[name];

const LOGIN_HELP = `
The token is typed without echo (or piped with --with-token), verified with one request,
and stored in $XDG_CONFIG_HOME/voxdesk/config.json (default ~/.config), mode 0600, under
the profile given by --profile (default: the active one); that profile becomes active.
A --base-url given with login is stored in the profile too.
${examples(
  'voxdesk login',
  'voxdesk login --with-token < vapi-token.txt',
  'echo "$TOKEN" | voxdesk auth login --with-token --profile staging --base-url http://127.0.0.1:8080',
)}`;

/** `login`/`logout` at the top (as before) and under `auth` (as gh), plus status, switch, list. */
function addLogin(parent: Command, factory: Factory): void {
  parent
    .command('login')
    .description('Store an API token (in a profile) after checking it with one API call.')
    .option('--with-token', 'read the token from stdin instead of prompting')
    .addHelpText('after', LOGIN_HELP)
    .action(lazyAction(factory, load('login')));
  parent
    .command('logout')
    .description('Remove the stored token of the active profile (or --profile).')
    .addHelpText('after', examples('voxdesk logout', 'voxdesk auth logout --profile staging'))
    .action(lazyAction(factory, load('logout')));
}

export function registerAuth(program: Command, factory: Factory): void {
  addLogin(program, factory);
  const auth = program
    .command('auth')
    .description('Log in and out, check the token, and manage profiles (one token and base URL each).')
    .addHelpText(
      'after',
      examples('voxdesk auth status', 'voxdesk auth list', 'voxdesk auth switch staging'),
    );
  addLogin(auth, factory);
  auth
    .command('status')
    .description('Say where the token comes from, show it masked, and check it with one API call.')
    .option(
      '--json [fields]',
      'print {baseUrl, baseUrlSource, profile, source, configPath, token (masked), valid, error?, fix?}',
    )
    .option('-q, --jq <expression>', "filter the JSON with a jq expression, e.g. '.valid'")
    .option('-t, --template <template>', "format the JSON with a Mustache template, e.g. '{{source}}'")
    .addHelpText(
      'after',
      `
Exit codes: 0 valid, 4 no token or rejected (the message names the source and the fix).
${examples('voxdesk auth status', 'VAPI_TOKEN=… voxdesk auth status', 'voxdesk auth status --json | jq .valid')}`,
    )
    .action(lazyAction(factory, load('status')));
  auth
    .command('token')
    .description('Print the token in use (the same pairing as every command), for other tools.')
    .addHelpText(
      'after',
      `
Exit codes: 0 printed, 4 no token. Nothing is sent to Vapi.
${examples('voxdesk auth token --profile staging', 'curl -H "Authorization: Bearer $(voxdesk auth token)" https://api.vapi.ai/assistant')}`,
    )
    .action(lazyAction(factory, load('printToken')));
  auth
    .command('switch')
    .description('Make a stored profile the active one.')
    .argument('<profile>', 'profile name (see auth list)')
    .addHelpText('after', examples('voxdesk auth switch staging', 'voxdesk auth switch default'))
    .action(lazyAction(factory, load('switchProfile')));
  outputOptions(
    auth
      .command('list')
      .alias('ls')
      .description('List stored profiles: the active one marked, base URL, masked token.')
      .addHelpText('after', examples('voxdesk auth list', 'voxdesk auth list --json name,active')),
    'the profiles',
  ).action(lazyAction(factory, load('listProfiles')));
}
