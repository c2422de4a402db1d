import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT } from '../scripts/root-help.ts';
import { extractRootHelp } from '../src/root-help/extract.ts';
import { formatRootHelp, PIPED_HELP_WIDTH } from '../src/root-help/format.ts';
import { rootHelp } from '../src/root-help/generated/root-help.ts';
import { harness } from './harness.ts';

// `voxdesk --help` prints the committed table (src/bin.ts); everything else prints
// commander's help from the command tree. They must be the same text, byte for byte.
describe('the root help table', () => {
  it('is fresh: regenerated from the command tree, not kept by hand', () => {
    expect(readFileSync(OUTPUT, 'utf8') === generate(), 'stale: run npm run generate -w @voxdesk/cli').toBe(
      true,
    );
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
  function demo(width: number): { program: Command; printed: () => string } {
    let out = '';
    const program = new Command('demo')
      .description('A demo\nwhose description has a second line, long enough to be wrapped at forty columns')
      .argument('<file>', 'the file it reads')
      .option('-q', '')
      .option('--table <columns>', 'a preformatted description:\n  one\n  two, kept as it is')
      .option('--limit <n>', 'a plain one with a default', '20')
      .configureOutput({ writeOut: (text) => (out += text), getOutHelpWidth: () => width })
      .addHelpText('before', 'Before the help.\n')
      .addHelpText('after', '\nAfter the help.');
    program
      .command('sub')
      .description('a command whose description is long enough to wrap at eighty columns or so');
    program.command('other').helpGroup('More commands:').description('in a group of its own');
    program.command('quiet');
    return {
      program,
      printed: () => {
        program.outputHelp();
        return out;
      },
    };
  }

  it.each([10, 40, 60, 80, 120])('matches commander at %i columns', (width) => {
    const { program, printed } = demo(width);
    expect(formatRootHelp(extractRootHelp(program), width)).toBe(printed());
  });

  it('refuses styled text, which it measures by length', () => {
    const styled = new Command('demo').option('--plain', 'plain').option('--red', '\u001b[31mred\u001b[39m');
    expect(() => extractRootHelp(styled)).toThrow(/escape sequences/);
    expect(() => extractRootHelp(new Command('demo').description('\u009b1mbold'))).toThrow(
      /escape sequences/,
    );
  });
});
