import { EventEmitter } from 'node:events';
import type { Command, Help } from 'commander';
import type { RootHelp } from './format.ts';

/**
 * The root command's help as a table (format.ts), read through commander's own
 * `formatHelp` so that its order, groups and headings are commander's: a helper that
 * records each item and list instead of laying them out. Run at generation time only
 * (scripts/root-help.ts); the CLI never loads this module.
 */
export function extractRootHelp(program: Command): RootHelp {
  const helper = program.createHelp();
  helper.prepareContext({ error: false, helpWidth: 80, outputHasColors: false });
  const groups: RootHelp['groups'] = [];
  const rows: [string, string][] = [];
  const recorder: Help = Object.assign(Object.create(helper) as Help, {
    // Each item becomes its row's index, which formatItemList turns back into rows.
    formatItem: (term: string, _termWidth: number, description: string) =>
      String(rows.push([term, description]) - 1),
    formatItemList: (heading: string, items: string[]) => {
      if (items.length > 0) groups.push({ heading, items: items.map((index) => rows[Number(index)]!) });
      return [];
    },
  });
  recorder.formatHelp(program, recorder);

  // Text added by `addHelpText` is written by listeners to these events (outputHelp's order).
  if (!(program instanceof EventEmitter))
    throw new Error('commander: a Command is no longer an EventEmitter');
  const emitter: EventEmitter = program;
  const written = (events: string[]) => {
    let text = '';
    const write = (chunk: string) => (text += chunk);
    for (const event of events) emitter.emit(event, { error: false, command: program, write });
    return text;
  };
  const before = written(['beforeAllHelp', 'beforeHelp']);
  const after = written(['afterHelp', 'afterAllHelp']);

  const help: RootHelp = {
    usage: helper.commandUsage(program),
    description: helper.commandDescription(program),
    groups,
    termWidth: helper.padWidth(program, helper),
    minWidthToWrap: helper.minWidthToWrap,
    before,
    after,
  };
  // format.ts measures text by its length: a styled (coloured) help would need commander.
  const texts = [
    help.usage,
    help.description,
    before,
    after,
    ...groups.flatMap((g) => [g.heading, ...g.items.flat()]),
  ];
  if (texts.some((text) => text.includes('\u001b') || text.includes('\u009b')))
    throw new Error('root help has escape sequences: format.ts cannot lay it out');
  return help;
}
