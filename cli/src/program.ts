import { Command, Option } from 'commander';
import { colorAllowed, type Factory, type GlobalOptions } from './factory.ts';
import { parseBaseUrl, parseDuration, parseRetries } from './parse-flags.ts';
import { registerResources } from './commands/resources/register.ts';
import { registerCalls } from './commands/calls.ts';
import { registerFiles } from './commands/files.ts';
import { registerApi } from './commands/api.ts';
import { registerAuth } from './commands/auth.ts';
import { registerCompletion } from './commands/completion.ts';
import { registerConfig } from './commands/config.ts';
import { registerWatching } from './commands/watch.ts';
import { registerListen } from './commands/listen.ts';
import { registerWebhooks } from './commands/webhooks.ts';
import { registerGitops } from './commands/gitops.ts';
import { registerAlias } from './commands/alias.ts';
import { VERSION } from './version.ts';

export { VERSION };

/**
 * The whole command tree. Only names, flags and help text live here; each action imports
 * its implementation (and the SDK, zod) when it runs, so `--help` and `--version` stay fast.
 */
export function buildProgram(factory: Factory): Command {
  const { io } = factory;
  const program = new Command('voxdesk')
    .description('Vapi from the command line: assistants, calls, tokens and every other endpoint.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    // Deprecated and hidden: a secret on the command line shows in `ps` and shell history.
    .addOption(new Option('--token <token>', 'deprecated: use VAPI_TOKEN or `voxdesk login`').hideHelp())
    .option('--profile <name>', 'use this stored profile (default: $VOXDESK_PROFILE, then the active one)')
    .option(
      '--base-url <url>',
      "API base URL for the token's own source (default: $VAPI_BASE_URL with $VAPI_TOKEN, the profile's, https://api.vapi.ai)",
      parseBaseUrl,
    )
    .option(
      '--timeout <duration>',
      'time limit of each request, its retries and their waits included, and the longest Retry-After waited out: 30s, 1500ms, 2m (default: 60s per attempt, Retry-After up to 60s)',
      parseDuration,
    )
    .option('--retries <n>', 'retry a failed GET/PUT/DELETE up to n times (0–10, default 2)', parseRetries)
    .option('--no-retry', 'same as --retries 0')
    .option('--verbose', 'log every request and response line to stderr (token redacted)')
    .addOption(
      new Option(
        '--color <when>',
        'colour: always, never or auto (a terminal; NO_COLOR, CLICOLOR_FORCE honoured)',
      ).choices(['always', 'never', 'auto']),
    )
    .option('--no-color', 'same as --color never')
    .option(
      '--no-pager',
      'do not page long output on a terminal (also NO_PAGER; pager: $VOXDESK_PAGER, $PAGER, less)',
    )
    .addOption(
      new Option(
        '--format <format>',
        'output when no --json/--jq/--template: table (TSV when piped) or json; beats $VOXDESK_FORMAT and `config set output`',
      ).choices(['table', 'json']),
    )
    .exitOverride()
    .showSuggestionAfterError()
    .showHelpAfterError('(add --help for usage and examples)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => (io.isStdoutTTY ? io.terminalWidth : 100),
      getErrHelpWidth: () => (io.isStderrTTY ? io.terminalWidth : 100),
    });
  program.hook('preAction', async (_root, action) => {
    const { color, format, pager } = action.optsWithGlobals<GlobalOptions>();
    factory.format = format;
    // Long output on a terminal goes through a pager (output/pager.ts), as gh's does.
    if (io.isStdoutTTY) {
      const paging = await import('./output/pager.ts');
      const command = paging.wantsPager(action) && paging.pagerCommand(factory.env, true, pager);
      if (command) factory.pager = await paging.startPager(factory, command);
    }
    if (color === undefined || color === true) return;
    io.colorEnabled = colorAllowed(factory.env, io.isStdoutTTY, color === false ? 'never' : color);
  });
  program.addHelpText(
    'after',
    `
Examples:
  $ voxdesk login
  $ voxdesk assistants list
  $ voxdesk assistants create --data '{"name":"Reception"}'
  $ voxdesk calls create --assistant <id> --phone-number <id> --to +61400000000
  $ voxdesk api GET /assistant -F limit=5

Authentication: VAPI_TOKEN (or VAPI_API_KEY) with VAPI_BASE_URL, else the token and URL
stored by \`voxdesk login\` (\`echo "$TOKEN" | voxdesk login --with-token\` in scripts).
A token goes only to the URL it came with: a stored token never goes to VAPI_BASE_URL.

Exit codes: 0 ok, 1 API or network error, 2 usage error, 3 changes present (diff),
4 missing or rejected token, 5 watched call failed, 6 lost the connection (watch,
logs -f), 130 interrupted (Ctrl-C).`,
  );
  registerAuth(program, factory);
  const groups = registerResources(program, factory);
  registerCalls(groups.get('calls')!, factory);
  registerFiles(groups.get('files')!, factory);
  registerWatching(program, groups.get('calls')!, factory);
  registerApi(program, factory);
  registerConfig(program, factory);
  registerCompletion(program, factory);
  registerListen(program, factory);
  registerWebhooks(program, factory);
  registerGitops(program, factory);
  registerAlias(program, factory);
  return program;
}
