import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { freshRootHelp } from '../scripts/root-help.ts';
import { extractRootHelp } from '../src/root-help/extract.ts';
import { formatRootHelp, PIPED_HELP_WIDTH } from '../src/root-help/format.ts';
import { rootHelp } from '../src/root-help/generated/root-help.ts';
import { rootHelpText } from '../src/root-help/print.ts';
import { harness } from './harness.ts';

// `voxdesk --help` prints the committed table (src/bin.ts); everything else prints
// commander's help from the command tree. They must be the same text, byte for byte.
describe('the root help table', () => {
  // The data, not the file's text (Stryker's sandbox adds a line to every source file).
  it('is fresh: regenerated from the command tree, not kept by hand', () => {
    expect(rootHelp, 'stale: run npm run generate -w @voxdesk/cli').toEqual(freshRootHelp());
  });

  // Around each edge: commander's 40-column minimum to wrap (for the description, and for
  // the column beside the 37-character terms), the 80 and 100 columns users see, very wide.
  const widths = [1, 20, 39, 40, 41, 60, 79, 80, 81, 82, 83, 90, 100, 101, 120, 137, 160, 250];
  it.each(widths)('lays out as commander does on a %i-column terminal', async (width) => {
    const expected = formatRootHelp(rootHelp, width);
    for (const argv of [['--help'], ['-h'], ['help'], []]) {
      const cli = harness({ tty: true, width });
      expect(await cli.run(...argv)).toBe(0);
      expect(cli.stdout.text).toBe(expected);
    }
  });

  it('lays out as commander does when piped', async () => {
    const cli = harness({ tty: false, width: 37 });
    expect(await cli.run('--help')).toBe(0);
    expect(cli.stdout.text).toBe(formatRootHelp(rootHelp, PIPED_HELP_WIDTH));
    expect(cli.stdout.text).toContain('Usage: voxdesk [options] [command]');
  });
});

// Rows today's root has none of, so that a change to the tree cannot meet an untested path.
describe('the root help layout', () => {
  /** What commander prints for this tree at this width, through outputHelp. */
  function printed(program: Command, width: number): string {
    let out = '';
    program.configureOutput({ writeOut: (text) => (out += text), getOutHelpWidth: () => width });
    program.outputHelp();
    return out;
  }

  function demo(): Command {
    const program = new Command('demo')
      .description(
        'A demo\nwhose description has a second line, long enough to be wrapped\n\nand a blank one',
      )
      .argument('<file>', 'the file it reads')
      .option('-q', '')
      .option('--table <columns>', 'a preformatted description:\n  one\n  two, kept as it is')
      .option('--lines', 'two lines\nnot indented, so wrapped as one text when there is room')
      .option('--limit <n>', 'a plain one with a default', '20')
      .addHelpText('before', 'Before the help.\n')
      .addHelpText('after', '\nAfter the help.');
    program
      .command('sub')
      .description('a command whose description is long enough to wrap at eighty columns or so');
    program.command('other').helpGroup('More commands:').description('in a group of its own');
    program.command('quiet');
    return program;
  }

  it.each([10, 40, 60, 80, 120])('matches commander at %i columns', (width) => {
    const program = demo();
    expect(formatRootHelp(extractRootHelp(program), width)).toBe(printed(program, width));
    // No description, options or subcommands: only the usage and the help flag.
    const bare = new Command('bare');
    expect(formatRootHelp(extractRootHelp(bare), width)).toBe(printed(bare, width));
  });

  // What src/bin.ts prints: the terminal's width, 80 when it has none, 100 when piped.
  it.each([
    [{ isTTY: true, columns: 60 }, 60],
    [{ isTTY: true, columns: 0 }, 80],
    [{ isTTY: false, columns: 60 }, PIPED_HELP_WIDTH],
    [{}, PIPED_HELP_WIDTH],
  ])('prints for stdout %o at %i columns', (stdout, width) => {
    expect(rootHelpText(stdout)).toBe(formatRootHelp(rootHelp, width));
    expect(formatRootHelp(rootHelp, width)).not.toBe(formatRootHelp(rootHelp, width === 60 ? 80 : 60));
  });

  it('refuses styled text, which it measures by length', () => {
    const styled = new Command('demo').option('--plain', 'plain').option('--red', '\u001b[31mred\u001b[39m');
    expect(() => extractRootHelp(styled)).toThrow(/escape sequences/);
    expect(() => extractRootHelp(new Command('demo').description('\u009b1mbold'))).toThrow(
      /escape sequences/,
    );
  });
});
