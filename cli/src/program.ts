import { stripVTControlCharacters } from 'node:util';
import { Command } from 'commander';
import { colorAllowed, type Factory } from './factory.ts';
import { globalFlags } from './global-flags.ts';
import { flagValues, optionOf } from './commands/define.ts';
import type { RunF, Wiring } from './commands/shared.ts';
import { registerResources } from './commands/resources/index.ts';
import { addCallsList, registerCalls, registerWatch } from './commands/calls/index.ts';
import { registerFiles } from './commands/files/index.ts';
import { registerApi } from './commands/api/index.ts';
import { registerAuth } from './commands/auth/index.ts';
import { registerCompletion } from './commands/completion/index.ts';
import { registerConfig } from './commands/config/index.ts';
import { registerLogs } from './commands/logs/index.ts';
import { registerListen } from './commands/listen/index.ts';
import { registerWebhooks } from './commands/webhooks/index.ts';
import { registerGitops } from './commands/gitops/index.ts';
import { registerAlias } from './commands/alias/index.ts';
import { VERSION } from './version.ts';

export { VERSION };

/** Words whose commands read the whole tree (completion scripts, help, alias checks). */
const WHOLE_TREE = new Set(['completion', 'help', 'alias']);

/**
 * The top-level word a command line can reach, for `buildProgram`'s `focus`: '' when it
 * asks for the root's help only, undefined (build everything) when a global flag comes
 * first or the command reads the whole tree.
 */
export function focusOf(argv: readonly string[]): string | undefined {
  const [first] = argv;
  // A TAB: the tree of the command being typed (or only the top-level names, for the first word).
  if (first === '__complete') return argv.length <= 2 ? '' : focusOf(argv.slice(1));
  if (first === undefined || (argv.length === 1 && (first === '--help' || first === '-h'))) return '';
  if (first.startsWith('-') || WHOLE_TREE.has(first)) return undefined;
  return first;
}

/**
 * The command tree for a command line: with `focus` (see `focusOf`), the commands under
 * other top-level words are names and descriptions only; when no top-level command is
 * called `focus` (an alias, a typo), the whole tree.
 */
export function programFor(factory: Factory, runF: RunF | undefined, focus: string | undefined): Command {
  const program = buildProgram(factory, runF, focus);
  if (!focus) return program;
  const found = program.commands.some(
    (command) => command.name() === focus || command.aliases().includes(focus),
  );
  return found ? program : buildProgram(factory, runF);
}

/**
 * The whole command tree. Only names, flags and help text live here; each action imports
 * its implementation (and the SDK, the body validator) when it runs, so `--help` and `--version`
 * stay fast. `runF` (tests only) runs instead of every command's implementation: parsing alone.
 */
export function buildProgram(factory: Factory, runF?: RunF, focus?: string): Command {
  const { io } = factory;
  const wiring: Wiring = { factory, runF, focus };
  const program = new Command('voxdesk')
    .description('Vapi from the command line: assistants, calls, tokens and every other endpoint.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .exitOverride()
    .showSuggestionAfterError()
    .showHelpAfterError('(add --help for usage and examples)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // One prefix for every error, commander's usage errors included (it says "error:").
      outputError: (text, write) => write(text.replace(/^error: /, 'voxdesk: ')),
      // root-help/format.ts's helpWidth, not imported: the root's --help would load a second
      // chunk (test/root-help.test.ts compares the two, on a terminal and piped).
      getOutHelpWidth: () => (io.isStdoutTTY ? io.terminalWidth : 100),
      getErrHelpWidth: () => (io.isStderrTTY ? io.terminalWidth : 100),
    });
  program.configureHelp({
    // Commander measures every word of help with util.stripVTControlCharacters, a large
    // regex: most of `--help`'s own time. Plain text (help has no colour) is its length.
    displayWidth: (text) =>
      text.includes('\u001b') || text.includes('\u009b')
        ? stripVTControlCharacters(text).length
        : text.length,
  });
  for (const global of globalFlags) program.addOption(optionOf(global));
  program.hook('preAction', async (_root, action) => {
    const { color, pager } = flagValues(globalFlags, action.optsWithGlobals());
    // Long output on a terminal goes through a pager (output/pager.ts), as gh's does; not
    // under runF, which parses and runs nothing.
    if (io.isStdoutTTY && !runF) {
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
  registerAuth(program, wiring);
  const groups = registerResources(program, wiring, {
    calls: { list: (calls) => addCallsList(calls, wiring) },
  });
  registerCalls(groups.get('calls')!, wiring);
  registerFiles(groups.get('files')!, wiring);
  registerWatch(groups.get('calls')!, wiring);
  registerLogs(program, wiring);
  registerApi(program, wiring);
  registerConfig(program, wiring);
  registerCompletion(program, wiring);
  registerListen(program, wiring);
  registerWebhooks(program, wiring);
  registerGitops(program, wiring);
  registerAlias(program, wiring);
  return program;
}
