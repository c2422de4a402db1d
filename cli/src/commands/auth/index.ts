import type { Command } from 'commander';
import { arg, defineCommand, flag, type OptionsOf } from '../define.ts';
import { addCommand, examples, outputFlags, type Wiring } from '../shared.ts';

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

export const loginDef = defineCommand({
  name: 'login',
  description: 'Store an API token (in a profile) after checking it with one API call.',
  flags: [flag('--with-token', 'read the token from stdin instead of prompting')],
  help: LOGIN_HELP,
});
export type LoginOpts = OptionsOf<typeof loginDef>;

export const logoutDef = defineCommand({
  name: 'logout',
  description: 'Remove the stored token of the active profile (or --profile).',
  help: examples('voxdesk logout', 'voxdesk auth logout --profile staging'),
});

export const statusDef = defineCommand({
  name: 'status',
  description: 'Say where the token comes from, show it masked, and check it with one API call.',
  flags: [
    flag(
      '--json [fields]',
      'print {baseUrl, baseUrlSource, profile, source, configPath, token (masked), valid, error?, fix?}',
    ),
    flag('-q, --jq <expression>', "filter the JSON with a jq expression, e.g. '.valid'"),
    flag('-t, --template <template>', "format the JSON with a Mustache template, e.g. '{{source}}'"),
  ],
  help: `
Exit codes: 0 valid, 4 no token or rejected (the message names the source and the fix).
${examples('voxdesk auth status', 'VAPI_TOKEN=… voxdesk auth status', 'voxdesk auth status --json | jq .valid')}`,
});
export type StatusOpts = OptionsOf<typeof statusDef>;

export const tokenDef = defineCommand({
  name: 'token',
  description: 'Print the token in use (the same pairing as every command), for other tools.',
  help: `
Exit codes: 0 printed, 4 no token. Nothing is sent to Vapi.
${examples('voxdesk auth token --profile staging', 'curl -H "Authorization: Bearer $(voxdesk auth token)" https://api.vapi.ai/assistant')}`,
});

export const switchDef = defineCommand({
  name: 'switch',
  description: 'Make a stored profile the active one.',
  args: [arg('<profile>', 'profile name (see auth list)')],
  help: examples('voxdesk auth switch staging', 'voxdesk auth switch default'),
});
export type SwitchOpts = OptionsOf<typeof switchDef>;

export const listDef = defineCommand({
  name: 'list',
  aliases: ['ls'],
  description: 'List stored profiles: the active one marked, base URL, masked token.',
  flags: outputFlags('the profiles'),
  help: examples('voxdesk auth list', 'voxdesk auth list --json name,active'),
});
export type ListProfilesOpts = OptionsOf<typeof listDef>;

const run = async () => import('./run.ts');

/** `login`/`logout` at the top (as before) and under `auth` (as gh), plus status, switch, list. */
function addLogin(parent: Command, wiring: Wiring): void {
  addCommand(parent, wiring, loginDef, async () => (await run()).login);
  addCommand(parent, wiring, logoutDef, async () => (await run()).logout);
}

export function registerAuth(program: Command, wiring: Wiring): void {
  addLogin(program, wiring);
  const auth = program
    .command('auth')
    .description('Log in and out, check the token, and manage profiles (one token and base URL each).')
    .addHelpText(
      'after',
      examples('voxdesk auth status', 'voxdesk auth list', 'voxdesk auth switch staging'),
    );
  addLogin(auth, wiring);
  addCommand(auth, wiring, statusDef, async () => (await run()).status);
  addCommand(auth, wiring, tokenDef, async () => (await run()).printToken);
  addCommand(auth, wiring, switchDef, async () => (await run()).switchProfile);
  addCommand(auth, wiring, listDef, async () => (await run()).listProfiles);
}
