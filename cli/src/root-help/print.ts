import { formatRootHelp, helpWidth } from './format.ts';
import { rootHelp } from './generated/root-help.ts';

/**
 * What bare `voxdesk` and `voxdesk --help` print on this stdout. One module with the
 * table, so that the bundle loads one file for them (each more costs some 1-2 ms of CPU).
 */
export function rootHelpText(stdout: { isTTY?: boolean; columns?: number }): string {
  return formatRootHelp(rootHelp, helpWidth(Boolean(stdout.isTTY), stdout.columns || 80));
}
