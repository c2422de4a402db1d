import type { Command } from 'commander';
import { parseLimit } from '../../parse-flags.ts';
import { defineCommand, flag, type OptionsOf } from '../define.ts';
import { addCommand, examples, intervalFlag, maxOutageFlag, type Wiring } from '../shared.ts';

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
    flag(
      '--json [fields]',
      'the logs as a JSON array (with --follow one JSON object per line); with a list such as time,type only those fields',
    ),
    flag(
      '-q, --jq <expression>',
      "filter the JSON with jq: the array, or each entry with --follow, e.g. '.requestPath'",
    ),
  ],
  help:
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
});
export type LogsOpts = OptionsOf<typeof logsDef>;

/** `voxdesk logs [--follow]`: polling until Ctrl-C (exit 130). */
export function registerLogs(program: Command, wiring: Wiring): void {
  addCommand(program, wiring, logsDef, async () => (await import('./run.ts')).listLogs);
}
