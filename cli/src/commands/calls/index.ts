import type { Command } from 'commander';
import { arg, defineCommand, flag, type OptionsOf } from '../define.ts';
import { filterFlag, listDef } from '../resources/index.ts';
import { resourceSpec } from '../resources/catalog.ts';
import {
  addCommand,
  BODY_HELP,
  dryRunFlag,
  examples,
  intervalFlag,
  maxOutageFlag,
  outputFlags,
  type Wiring,
} from '../shared.ts';

/** `calls create`: a phone call. */
export const createDef = defineCommand({
  name: 'create',
  description: 'Place a phone call: an assistant, squad or workflow calls --to from one of your numbers.',
  flags: [
    flag('--assistant <id>', 'assistant id or name (or --squad, or --workflow)'),
    flag('--squad <id>', 'squad id or name (or --assistant, or --workflow)'),
    flag('--workflow <id>', 'workflow id (or --assistant, or --squad)'),
    flag('--phone-number <id>', 'id of the phone number to call from', { required: true }),
    flag('--to <number>', 'number to call, E.164 (e.g. +61400000000)', { required: true }),
    flag('--data <json>', 'more fields of the call body as JSON, e.g. \'{"name":"Reminder"}\''),
    flag('--file <path>', 'read more fields from a file, or - for stdin'),
    ...outputFlags('the created call'),
    dryRunFlag,
    flag(
      '--watch',
      'then follow the call as `calls watch` does (its output, --json events and exit codes); the id goes to stderr',
    ),
    intervalFlag('with --watch, time between polls'),
    maxOutageFlag,
  ],
  help: examples(
    'voxdesk calls create --assistant <id> --phone-number <id> --to +61400000000',
    'voxdesk calls create --squad <id> --phone-number <id> --to +61400000000',
    `voxdesk calls create --assistant <id> --phone-number <id> --to +14155550100 --data '{"name":"Reminder"}'`,
    'voxdesk calls create --assistant <id> --phone-number <id> --to +61400000000 --watch',
  ),
});
export type CreateOpts = OptionsOf<typeof createDef>;

/** `calls web`: a web call, printing the URL to join it. */
export const webDef = defineCommand({
  name: 'web',
  description: 'Create a web call and print the URL to join it.',
  flags: [
    flag('--assistant <id>', 'assistant id or name (or --squad)'),
    flag('--squad <id>', 'squad id or name (or --assistant)'),
    flag('--data <json>', BODY_HELP.data.replace('e.g.', 'more fields, e.g.')),
    flag('--file <path>', BODY_HELP.file),
    ...outputFlags('the created call'),
    dryRunFlag,
  ],
  help: examples('voxdesk calls web --assistant <id>', 'voxdesk calls web --squad <id> --json'),
});
export type WebOpts = OptionsOf<typeof webDef>;

/** `calls summary`: triage per assistant. */
export const summaryDef = defineCommand({
  name: 'summary',
  description: 'Triage: calls per assistant since a time: count, failures, ended reasons, cost, minutes.',
  flags: [
    flag('--since <when>', 'the window: 30m, 24h, 7d or an ISO time', { default: '24h' }),
    flag('--assistant <id>', 'only this assistant (id or name)'),
    ...outputFlags('the summary rows'),
  ],
  help: `
Every call of the window is read (through the SDK's pager), then grouped by assistant,
busiest first. FAILED counts ended reasons that are errors (the ones \`calls watch\` exits
5 for). --json gives {assistantId, calls, failed, cost, durationSeconds, endedReasons}.
${examples('voxdesk calls summary', 'voxdesk calls summary --since 7d --json', 'voxdesk calls summary --since 2026-11-20T00:00:00Z --assistant <id>')}`,
});
export type SummaryOpts = OptionsOf<typeof summaryDef>;

/** `calls list`: the generic list, plus `--failed` triage. */
const genericList = listDef(resourceSpec('calls'));
export const listCallsDef = defineCommand({
  ...genericList,
  flags: [
    ...genericList.flags,
    filterFlag,
    flag(
      '--failed',
      'only calls whose ended reason is a failure (as `calls watch` exits 5 for), with cost and minutes; newest first',
    ),
    flag('--since <when>', 'with --failed, the window: 30m, 24h, 7d or an ISO time (default 24h)'),
  ],
  help: `${genericList.help}\n\nTriage:\n  $ voxdesk calls list --failed\n  $ voxdesk calls list --failed --since 7d --json id,endedReason`,
});
export type ListCallsOpts = OptionsOf<typeof listCallsDef>;

const PUBLIC_KEY_HELP =
  'your public key, for assistants with monitorPlan.controlAuthenticationEnabled (default: VAPI_PUBLIC_KEY)';
const publicKeyFlag = flag('--public-key <key>', PUBLIC_KEY_HELP);
const CONTROL_HELP = `
The message goes to the call's monitor.controlUrl (read from the call first), not to the
API: the API token is never sent there. The call must be live (in progress) and its
assistant's monitorPlan.controlEnabled must not be false.`;

/** Live call control: messages to a call's monitor.controlUrl (Vapi's Live Call Control). */
export const sayDef = defineCommand({
  name: 'say',
  description: 'Make the assistant of a live call say something now.',
  args: [arg('<id>', 'call id'), arg('<text>', 'what the assistant says')],
  flags: [flag('--end-after', 'hang up once it is said'), publicKeyFlag, dryRunFlag],
  help: `${CONTROL_HELP}
${examples('voxdesk calls say <id> "One moment, I am checking."', 'voxdesk calls say <id> "Thanks, goodbye." --end-after')}`,
});
export type SayOpts = OptionsOf<typeof sayDef>;

export const endDef = defineCommand({
  name: 'end',
  description: 'End a live call now.',
  args: [arg('<id>', 'call id')],
  flags: [publicKeyFlag, dryRunFlag],
  help: `${CONTROL_HELP}
${examples('voxdesk calls end <id>')}`,
});
export type EndOpts = OptionsOf<typeof endDef>;

export const transferDef = defineCommand({
  name: 'transfer',
  description: 'Transfer a live call to a phone number or SIP URI.',
  args: [
    arg('<id>', 'call id'),
    arg('<number>', 'E.164 number (+61400000000) or SIP URI (sip:desk@example.com)'),
  ],
  flags: [flag('--message <text>', 'what the assistant says before transferring'), publicKeyFlag, dryRunFlag],
  help: `${CONTROL_HELP}
${examples('voxdesk calls transfer <id> +61299990000', 'voxdesk calls transfer <id> sip:desk@example.com --message "Putting you through."')}`,
});
export type TransferOpts = OptionsOf<typeof transferDef>;

/** `calls watch <id>`: polling until the call ends or Ctrl-C (exit 130). */
export const watchDef = defineCommand({
  name: 'watch',
  description: 'Follow a call: print status changes and new transcript lines until it ends.',
  args: [arg('<id>', 'call id')],
  flags: [
    intervalFlag('time between polls'),
    maxOutageFlag,
    flag(
      '--json [fields]',
      'one JSON event per line: {type: status|transcript|ended, status, role, text, endedReason, at}; with a list such as type,text only those fields',
    ),
    flag('-q, --jq <expression>', 'filter each event with jq, e.g. \'select(.type=="transcript") | .text\''),
  ],
  help: `
Output: aligned on a terminal; piped, one TSV row per event: status<TAB>in-progress,
<role><TAB><text>, ended<TAB><reason>. New transcript lines come before a status change.
Short outages (no connection, 429, 5xx) are retried with backoff and reported on stderr.

Exit codes: 0 when the call ends, 5 when it ends with an error reason (e.g.
pipeline-error-…, twilio-failed-to-connect-call), 6 when Vapi stayed unreachable past
--max-outage (lost the connection), 1 for other API errors (e.g. 404), 130 on Ctrl-C.
${examples('voxdesk calls watch <id>', 'voxdesk calls watch <id> --jq \'select(.type=="transcript") | .text\'')}`,
});
export type WatchOpts = OptionsOf<typeof watchDef>;

/** `calls list` in place of the generic one (passed to registerResources). */
export function addCallsList(calls: Command, wiring: Wiring): void {
  addCommand(calls, wiring, listCallsDef, async () => (await import('./list.ts')).run);
}

/** The verbs of `calls` beyond the generic ones. */
export function registerCalls(calls: Command, wiring: Wiring): void {
  addCommand(calls, wiring, createDef, async () => (await import('./create.ts')).run);
  addCommand(calls, wiring, webDef, async () => (await import('./web.ts')).run);
  addCommand(calls, wiring, summaryDef, async () => (await import('./summary.ts')).run);
  addCommand(calls, wiring, sayDef, async () => (await import('./say.ts')).run);
  addCommand(calls, wiring, endDef, async () => (await import('./end.ts')).run);
  addCommand(calls, wiring, transferDef, async () => (await import('./transfer.ts')).run);
}

/** `calls watch`, registered after the other groups' verbs (its place in --help). */
export function registerWatch(calls: Command, wiring: Wiring): void {
  addCommand(calls, wiring, watchDef, async () => (await import('./watch.ts')).watchCall);
}
