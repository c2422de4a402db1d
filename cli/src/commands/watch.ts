import { Option, type Command } from 'commander';
import type { Factory } from '../factory.ts';
import { parseDuration, parseLimit } from '../parse-flags.ts';
import { examples, lazyAction } from './shared.ts';

/** `--interval`: held in milliseconds, shown as the user writes it (a bare number is seconds). */
export const interval = (what: string) =>
  new Option('--interval <duration>', `${what}: 2s, 500ms, 1m; a bare number is seconds`)
    .argParser(parseDuration)
    .default(2000, '2s');

/** `--max-outage`: how long a poller rides out an unreachable Vapi before exit 6. */
export const maxOutage = () =>
  new Option(
    '--max-outage <duration>',
    'keep retrying (backoff up to 30s) while Vapi is unreachable or answers 429/5xx for this long, then exit 6',
  )
    .argParser(parseDuration)
    .default(300_000, '5m');

/** `calls watch <id>` and `voxdesk logs [--follow]`: polling until done or Ctrl-C (exit 130). */
export function registerWatching(program: Command, calls: Command, factory: Factory): void {
  calls
    .command('watch')
    .description('Follow a call: print status changes and new transcript lines until it ends.')
    .argument('<id>', 'call id')
    .addOption(interval('time between polls'))
    .addOption(maxOutage())
    .option(
      '--json [fields]',
      'one JSON event per line: {type: status|transcript|ended, status, role, text, endedReason, at}; with a list such as type,text only those fields',
    )
    .option(
      '-q, --jq <expression>',
      'filter each event with jq, e.g. \'select(.type=="transcript") | .text\'',
    )
    .addHelpText(
      'after',
      `
Output: aligned on a terminal; piped, one TSV row per event: status<TAB>in-progress,
<role><TAB><text>, ended<TAB><reason>. New transcript lines come before a status change.
Short outages (no connection, 429, 5xx) are retried with backoff and reported on stderr.

Exit codes: 0 when the call ends, 5 when it ends with an error reason (e.g.
pipeline-error-…, twilio-failed-to-connect-call), 6 when Vapi stayed unreachable past
--max-outage (lost the connection), 1 for other API errors (e.g. 404), 130 on Ctrl-C.
${examples('voxdesk calls watch <id>', 'voxdesk calls watch <id> --jq \'select(.type=="transcript") | .text\'')}`,
    )
    .action(lazyAction(factory, async () => (await import('./watch-run.ts')).watchCall));
  program
    .command('logs')
    .description('List API, webhook, call and provider logs (GET /logs); --follow keeps polling.')
    .option('--type <type>', 'api, webhook, call or provider')
    .option('--call <id>', 'only the logs of this call')
    .option('--since <when>', 'only logs from this time on: 30s, 10m, 2h, 1d or an ISO time')
    .option('--limit <n>', 'how many of the newest logs to show first (1–1000, default 100)', parseLimit)
    .option('-f, --follow', 'keep polling for new logs until Ctrl-C (exit 130)')
    .addOption(interval('time between polls with --follow'))
    .addOption(maxOutage())
    .option(
      '--json [fields]',
      'the logs as a JSON array (with --follow one JSON object per line); with a list such as time,type only those fields',
    )
    .option(
      '-q, --jq <expression>',
      "filter the JSON with jq: the array, or each entry with --follow, e.g. '.requestPath'",
    )
    .addHelpText(
      'after',
      `
With --follow, short outages (no connection, 429, 5xx) are retried with backoff and
reported on stderr; exit 6 when Vapi stays unreachable past --max-outage, 130 on Ctrl-C.
` +
        examples(
          'voxdesk logs --since 1h',
          'voxdesk logs --type webhook --call <id>',
          'voxdesk logs -f --json time,type,requestPath',
          "voxdesk logs -f --jq 'select(.responseHttpCode >= 500) | .requestPath'",
        ),
    )
    .action(lazyAction(factory, async () => (await import('./logs-run.ts')).listLogs));
}
