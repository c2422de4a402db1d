/**
 * `voxdesk --help` without commander: the root's help is a table generated from the
 * command tree (extract.ts, scripts/root-help.ts), laid out here as commander's
 * `Help.formatHelp` lays it out, so bare `voxdesk`, `--help`, `-h` and `help` load neither
 * commander nor the tree. cli/test/root-help.test.ts compares the two at many widths.
 * This module imports nothing: with the table (print.ts), it is all those four load.
 */

/** The root command's help as commander would print it, before wrapping. */
export interface RootHelp {
  usage: string;
  description: string;
  /** Option and command lists in commander's order: a heading and [term, description] rows. */
  groups: { heading: string; items: [term: string, description: string][] }[];
  /** The width every term is padded to (commander's `padWidth`). */
  termWidth: number;
  /** Narrower than this, commander leaves text unwrapped (`Help.minWidthToWrap`). */
  minWidthToWrap: number;
  /** Text written before and after the help (`addHelpText`). */
  before: string;
  after: string;
}

/** Help is wrapped to the terminal's width, and to this many columns when piped. */
export const PIPED_HELP_WIDTH = 100;

export function helpWidth(isTTY: boolean, terminalWidth: number): number {
  return isTTY ? terminalWidth : PIPED_HELP_WIDTH;
}

/** Commander's `Help.boxWrap` for plain text: words fill each line up to `width`. */
function boxWrap(text: string, width: number, minWidthToWrap: number): string {
  if (width < minWidthToWrap) return text;
  return text
    .split(/\r\n|\n/)
    .map((line) => {
      const chunks = line.match(/\s*\S+/g);
      if (chunks === null) return '';
      const lines: string[] = [];
      let current = chunks[0];
      for (const chunk of chunks.slice(1)) {
        if (current.length + chunk.length <= width) {
          current += chunk;
        } else {
          lines.push(current);
          current = chunk.trimStart();
        }
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
}

/** Commander's `Help.formatItem`: the padded term, then the description wrapped beside it. */
function formatItem(help: RootHelp, width: number, term: string, description: string): string {
  if (!description) return `  ${term}`;
  const remaining = width - help.termWidth - 4;
  // A description with its own indented lines is printed as it is (`Help.preformatted`).
  const wrapped =
    remaining < help.minWidthToWrap || /\n[^\S\r\n]/.test(description)
      ? description
      : boxWrap(description, remaining, help.minWidthToWrap).replace(
          /\n/g,
          `\n${' '.repeat(help.termWidth + 2)}`,
        );
  return `  ${term.padEnd(help.termWidth)}  ${wrapped.replace(/\n/g, '\n  ')}`;
}

/** The text `voxdesk --help` prints at this width. */
export function formatRootHelp(help: RootHelp, width: number): string {
  const lines = [`Usage: ${help.usage}`, ''];
  if (help.description) lines.push(boxWrap(help.description, width, help.minWidthToWrap), '');
  for (const { heading, items } of help.groups) {
    lines.push(
      heading,
      ...items.map(([term, description]) => formatItem(help, width, term, description)),
      '',
    );
  }
  return `${help.before}${lines.join('\n')}${help.after}`;
}
