import { Command } from 'commander';
import type { Factory } from './factory.ts';
import { parseBaseUrl, parseDuration } from './parse-flags.ts';
import { registerResources } from './commands/resources/register.ts';
import { registerCalls } from './commands/calls.ts';
import { registerFiles } from './commands/files.ts';
import { registerApi } from './commands/api.ts';
import { registerAuth } from './commands/auth.ts';
import { registerCompletion } from './commands/completion.ts';
import { registerListen } from './commands/listen.ts';
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
    .option(
      '--token <token>',
      'API token (default: $VAPI_TOKEN, $VAPI_API_KEY, then the token stored by login)',
    )
    .option(
      '--base-url <url>',
      'API base URL (default: $VAPI_BASE_URL, the stored one, https://api.vapi.ai)',
      parseBaseUrl,
    )
    .option(
      '--timeout <duration>',
      'per-request timeout: 30s, 1500ms, 2m; a bare number is seconds (default 60s)',
      parseDuration,
    )
    .option('--verbose', 'log every request and response line to stderr (token redacted)')
    .option('--no-color', 'plain output without colour (NO_COLOR is honoured too)')
    .exitOverride()
    .showSuggestionAfterError()
    .showHelpAfterError('(add --help for usage and examples)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => (io.isStdoutTTY ? io.terminalWidth : 100),
      getErrHelpWidth: () => (io.isStderrTTY ? io.terminalWidth : 100),
    });
  program.hook('preAction', (_root, action) => {
    if (action.optsWithGlobals().color === false) io.colorEnabled = false;
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

Exit codes: 0 ok, 1 API or network error, 2 usage error, 4 missing or rejected token.`,
  );
  registerAuth(program, factory);
  const groups = registerResources(program, factory);
  registerCalls(groups.get('calls')!, factory);
  registerFiles(groups.get('files')!, factory);
  registerApi(program, factory);
  registerCompletion(program, factory);
  registerListen(program, factory);
  return program;
}
