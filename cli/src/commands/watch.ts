import type { Command } from 'commander';
import { parseLimit } from '../parse-flags.ts';
import { arg, defineCommand, flag, type OptionsOf } from './define.ts';
import { addCommand, examples, intervalFlag, maxOutageFlag, type Wiring } from './shared.ts';

export const watchDef = defineCommand({
  name: 'watch',
  description: 'Follow a call: print status changes and new transcript lines until it ends.',
  args: [arg('<id>', 'call id')],
  flags: [
    intervalFlag('time between polls'),
    maxOutageFlag,
    flag('--json', 'one JSON event per line: {type: status|transcript|ended, …, at}'),
  ],
  help: `
Output: aligned on a terminal; piped, one TSV row per event: status<TAB>in-progress,
<role><TAB><text>, ended<TAB><reason>. New transcript lines come before a status change.
Short outages (no connection, 429, 5xx) are retried with backoff and reported on stderr.

Exit codes: 0 when the call ends, 5 when it ends with an error reason (e.g.
pipeline-error-…, twilio-failed-to-connect-call), 6 when Vapi stayed unreachable past
--max-outage (lost the connection), 1 for other API errors (e.g. 404), 130 on Ctrl-C.
${examples('voxdesk calls watch <id>', 'voxdesk calls watch <id> --json | jq -r \'select(.type=="transcript") | .text\'')}`,
});
export type WatchOpts = OptionsOf<typeof watchDef>;

export const logsDef = defineCommand({
  name: 'logs',
  description: 'List API, webhook, call and provider logs (GET /logs); --follow keeps polling.',
  flags: [
    flag('--type <type>', 'api, webhook, call or provider'),
    flag('--call <id>', 'only the logs of this call'),
    flag('--since <when>', 'only logs from this time on: 30s, 10m, 2h, 1d or an ISO time'),
    flag('--limit <n>', 'how many of the newest logs to show first (1–1000, default 100)', {
      parse: parseLimit,
    }),
    flag('-f, --follow', 'keep polling for new logs until Ctrl-C (exit 130)'),
    intervalFlag('time between polls with --follow'),
    maxOutageFlag,
    flag('--json', 'the logs as a JSON array; with --follow one JSON object per line'),
  ],
  help:
    `
With --follow, short outages (no connection, 429, 5xx) are retried with backoff and
reported on stderr; exit 6 when Vapi stays unreachable past --max-outage, 130 on Ctrl-C.
` +
    examples(
      'voxdesk logs --since 1h',
      'voxdesk logs --type webhook --call <id>',
      'voxdesk logs -f --json | jq .',
    ),
});
export type LogsOpts = OptionsOf<typeof logsDef>;

/** `calls watch <id>` and `voxdesk logs [--follow]`: polling until done or Ctrl-C (exit 130). */
export function registerWatching(program: Command, calls: Command, wiring: Wiring): void {
  addCommand(calls, wiring, watchDef, async () => (await import('./watch-run.ts')).watchCall);
  addCommand(program, wiring, logsDef, async () => (await import('./logs-run.ts')).listLogs);
}
