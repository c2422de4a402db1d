/**
 * docs/cli.md: the `voxdesk` reference, read from the commander definitions themselves
 * (names, aliases, arguments, options, descriptions, the examples in each help text).
 */
import type { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { operations } from '@voxdesk/sdk';
import { resources } from '../../cli/src/commands/resources/catalog.ts';
import { createFactory } from '../../cli/src/factory.ts';
import { buildProgram } from '../../cli/src/program.ts';
import { code, generatedNotice, inline, table } from './markdown.ts';

type Command = ReturnType<typeof buildProgram>;
type Help = ReturnType<Command['createHelp']>;

/** Commands whose name is not the SDK method they call. */
const RENAMED: Record<string, string> = { 'calls web': 'calls.createWeb' };

/** The program as `voxdesk` builds it, talking to nothing (no env, no terminal). */
export function loadProgram(): Command {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return buildProgram(createFactory({ env: {}, stdout: sink, stderr: sink, isStdoutTTY: false }));
}

const fullName = (cmd: Command): string =>
  cmd.parent ? `${fullName(cmd.parent)} ${cmd.name()}` : cmd.name();

const visibleCommands = (cmd: Command, help: Help): Command[] =>
  help.visibleCommands(cmd).filter((sub) => sub.name() !== 'help');

function allCommands(cmd: Command, help: Help): Command[] {
  return visibleCommands(cmd, help).flatMap((sub) => [sub, ...allCommands(sub, help)]);
}

/** The text a command adds after its generated help (examples, notes). */
function afterHelp(cmd: Command): string {
  let text = '';
  // addHelpText() registers listeners for this event (Command is an EventEmitter at runtime).
  (cmd as unknown as EventEmitter).emit('afterHelp', {
    error: false,
    command: cmd,
    write: (chunk: string) => (text += chunk),
  });
  return text;
}

/** After-help text as Markdown: `$ …` lines become one shell block, the rest prose. */
function afterHelpMarkdown(cmd: Command): string {
  const lines = afterHelp(cmd).split('\n');
  const examples = lines.filter((line) => line.startsWith('  $ ')).map((line) => line.slice(4));
  const prose = lines
    .filter((line) => !line.startsWith('  $ ') && line.trim() !== 'Examples:')
    .join('\n')
    .split(/\n\s*\n/)
    .map((paragraph) => inline(paragraph.trim()))
    .filter(Boolean);
  const parts = [...prose];
  if (examples.length) parts.push(`Examples:\n\n\`\`\`sh\n${examples.join('\n')}\n\`\`\``);
  return parts.join('\n\n');
}

function optionsTable(options: ReturnType<Help['visibleOptions']>, help: Help): string {
  const rows = options.map((option) => [
    code(help.optionTerm(option)),
    inline(help.optionDescription(option) + (option.mandatory ? ' (required)' : '')),
  ]);
  return table(['Option', 'Meaning'], rows);
}

function section(cmd: Command, help: Help, depth: number): string {
  const name = fullName(cmd);
  const parts = [`${'#'.repeat(depth)} \`${name}\``, inline(help.commandDescription(cmd))];
  const aliases = cmd.aliases();
  if (aliases.length) parts.push(`Alias: ${aliases.map((alias) => code(alias)).join(', ')}.`);
  parts.push(`\`\`\`text\n${help.commandUsage(cmd)}\n\`\`\``);
  const args = help.visibleArguments(cmd);
  if (args.length) {
    parts.push(
      table(
        ['Argument', 'Meaning'],
        args.map((arg) => [code(help.argumentTerm(arg)), inline(help.argumentDescription(arg))]),
      ),
    );
  }
  const options = help.visibleOptions(cmd).filter((option) => option.long !== '--help');
  if (options.length) parts.push(optionsTable(options, help));
  const subcommands = visibleCommands(cmd, help);
  if (subcommands.length) {
    parts.push(
      table(
        ['Command', 'What it does'],
        subcommands.map((sub) => [
          `[${code(`${name} ${sub.name()}`)}](#${anchor(`${name} ${sub.name()}`)})`,
          inline(help.subcommandDescription(sub)),
        ]),
      ),
    );
  }
  const after = afterHelpMarkdown(cmd);
  if (after) parts.push(after);
  return parts.join('\n\n');
}

/** GitHub's heading anchor for a heading made of one code span. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s/g, '-');

/** Dedicated commands by the operation id they call, e.g. `assistants.list` → `voxdesk assistants list`. */
export function commandsByOperation(program: Command = loadProgram()): Map<string, string> {
  const ids = new Set<string>(operations.map((op) => op.id));
  const byOperation = new Map<string, string>();
  for (const group of program.commands) {
    const spec = resources.find((resource) => resource.name === group.name());
    if (!spec) continue;
    for (const sub of group.commands) {
      const words = `${group.name()} ${sub.name()}`;
      const id = RENAMED[words] ?? `${spec.sdk}.${sub.name()}`;
      const args = sub.registeredArguments.map((arg) =>
        arg.required ? `<${arg.name()}>` : `[${arg.name()}]`,
      );
      if (ids.has(id)) byOperation.set(id, ['voxdesk', words, ...args].join(' '));
    }
  }
  for (const [words, id] of Object.entries(RENAMED)) {
    if (!byOperation.get(id)?.startsWith(`voxdesk ${words}`)) {
      throw new Error(`docs: \`voxdesk ${words}\` or operation ${id} no longer exists; update RENAMED.`);
    }
  }
  return byOperation;
}

export function cliPage(program: Command = loadProgram()): string {
  const help = program.createHelp();
  const globals = help.visibleOptions(program);
  const commands = allCommands(program, help);
  return `# CLI reference

${generatedNotice('the commander definitions in cli/src')}

${inline(help.commandDescription(program))}

\`\`\`text
${help.commandUsage(program)}
\`\`\`

## Global options

They work with every command, written before or after it: \`voxdesk --verbose assistants list\` or
\`voxdesk assistants list --verbose\`.

${optionsTable(globals, help)}

${afterHelpMarkdown(program)}

## Commands

${table(
  ['Command', 'What it does'],
  commands.map((cmd) => [
    `[${code(fullName(cmd))}](#${anchor(fullName(cmd))})`,
    inline(help.commandDescription(cmd)),
  ]),
)}

${commands.map((cmd) => section(cmd, help, cmd.parent === program ? 3 : 4)).join('\n\n')}
`;
}
