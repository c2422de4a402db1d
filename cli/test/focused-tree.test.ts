import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram, focusOf, programFor } from '../src/program.ts';
import { printCandidates } from '../src/commands/completion/complete.ts';
import { harness } from './harness.ts';

/** Every command below `command` with its words, e.g. [['assistants', 'list'], …]. */
const commands = (command: Command, prefix: string[] = []): Array<[string[], Command]> =>
  command.commands.flatMap((child): Array<[string[], Command]> => {
    const words = [...prefix, child.name()];
    return [[words, child], ...commands(child, words)];
  });
const flagCount = (program: Command) =>
  commands(program).reduce((sum, [, command]) => sum + command.options.length, 0);

// Start-up builds the flags of the typed top-level command only (issue 29's --help budget);
// everything a user can see must be the same as from the whole tree.
describe('the tree built for one command line', () => {
  const whole = harness();
  const full = buildProgram(whole.factory);
  /** What `--help` prints from the whole tree (the text after the flags included). */
  const fullHelp = (command: Command) => {
    const before = whole.stdout.text.length;
    command.outputHelp();
    return whole.stdout.text.slice(before);
  };

  it('picks the top-level word, or none when the whole tree is needed', () => {
    expect(focusOf([])).toBe('');
    expect(focusOf(['--help'])).toBe('');
    expect(focusOf(['assistants', 'list', '--json'])).toBe('assistants');
    expect(focusOf(['--profile', 'ci', 'assistants', 'list'])).toBeUndefined();
    for (const word of ['completion', 'help', 'alias']) expect(focusOf([word])).toBeUndefined();
    expect(focusOf(['__complete', 'ass'])).toBe('');
    expect(focusOf(['__complete', 'assistants', 'get', ''])).toBe('assistants');
    expect(focusOf(['__complete', '--profile', ''])).toBeUndefined();
  });

  it('builds the flags of the focused command only', () => {
    const focused = buildProgram(harness().factory, undefined, 'assistants');
    expect(commands(focused).map(([words]) => words.join(' '))).toEqual(
      commands(full).map(([words]) => words.join(' ')),
    );
    const assistantsFlags = (program: Command) =>
      flagCount(program.commands.find((command) => command.name() === 'assistants')!);
    expect(assistantsFlags(focused)).toBe(assistantsFlags(full));
    expect(flagCount(focused)).toBeLessThan(flagCount(full) / 2);
  });

  it("builds no command's flags for the root's help, one standing for `[options]`", () => {
    const root = buildProgram(harness().factory, undefined, '');
    for (const [words, command] of commands(root)) {
      const whole = commands(full).find(([other]) => other.join(' ') === words.join(' '))![1];
      expect(command.options.length, words.join(' ')).toBe(
        Math.min(whole.options.length, words.length === 1 ? 1 : 0),
      );
    }
  });

  it('builds the whole tree when no top-level command has that name (an alias)', () => {
    const program = programFor(harness().factory, undefined, 'reception');
    expect(flagCount(program)).toBe(flagCount(full));
    expect(flagCount(programFor(harness().factory, undefined, 'assistant'))).toBeLessThan(flagCount(full));
  });

  it('prints the same root help as the whole tree', async () => {
    for (const argv of [[], ['--help']]) {
      const cli = harness();
      expect(await cli.run(...argv)).toBe(0);
      expect(cli.stdout.text).toBe(fullHelp(full));
    }
  });

  it('prints the same help for every command as the whole tree', async () => {
    for (const [words, command] of commands(full)) {
      const cli = harness();
      expect(await cli.run(...words, '--help'), words.join(' ')).toBe(0);
      expect(cli.stdout.text, words.join(' ')).toBe(fullHelp(command));
    }
  }, 60_000);

  it('completes a TAB as the whole tree does', async () => {
    const lines = [
      [''],
      ['a'],
      ['-'],
      ['assistants', ''],
      ['assistants', 'list', '--'],
      ['assistants', 'list', '--output', ''],
      ['calls', 'create', '--'],
      ['completion', ''],
      ['api', ''],
      ['auth', 'login', '--'],
    ];
    for (const words of lines) {
      const cli = harness();
      expect(await cli.run('__complete', ...words)).toBe(0);
      const reference = harness();
      await printCandidates(reference.factory, buildProgram(reference.factory), words);
      expect(cli.stdout.text, words.join(' ')).toBe(reference.stdout.text);
    }
  });
});
