import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { interval, maxOutage } from './watch.ts';
import { BODY_HELP, examples, lazyAction, outputOptions, DRY_RUN_HELP } from './shared.ts';

/** `calls create` (a phone call) and `calls web`, next to the generic call verbs. */
export function registerCalls(calls: Command, factory: Factory): void {
  const create = calls
    .command('create')
    .description('Place a phone call: an assistant, squad or workflow calls --to from one of your numbers.')
    .option('--assistant <id>', 'assistant id or name (or --squad, or --workflow)')
    .option('--squad <id>', 'squad id or name (or --assistant, or --workflow)')
    .option('--workflow <id>', 'workflow id (or --assistant, or --squad)')
    .requiredOption('--phone-number <id>', 'id of the phone number to call from')
    .requiredOption('--to <number>', 'number to call, E.164 (e.g. +61400000000)')
    .option('--data <json>', 'more fields of the call body as JSON, e.g. \'{"name":"Reminder"}\'')
    .option('--file <path>', 'read more fields from a file, or - for stdin')
    .addHelpText(
      'after',
      examples(
        'voxdesk calls create --assistant <id> --phone-number <id> --to +61400000000',
        'voxdesk calls create --squad <id> --phone-number <id> --to +61400000000',
        `voxdesk calls create --assistant <id> --phone-number <id> --to +14155550100 --data '{"name":"Reminder"}'`,
        'voxdesk calls create --assistant <id> --phone-number <id> --to +61400000000 --watch',
      ),
    )
    .action(lazyAction(factory, async () => (await import('./calls-run.ts')).createPhoneCall));
  outputOptions(create, 'the created call')
    .option('--dry-run', DRY_RUN_HELP)
    .option(
      '--watch',
      'then follow the call as `calls watch` does (its output, --json events and exit codes); the id goes to stderr',
    )
    .addOption(interval('with --watch, time between polls'))
    .addOption(maxOutage());
  const web = calls
    .command('web')
    .description('Create a web call and print the URL to join it.')
    .option('--assistant <id>', 'assistant id or name (or --squad)')
    .option('--squad <id>', 'squad id or name (or --assistant)')
    .option('--data <json>', BODY_HELP.data.replace('e.g.', 'more fields, e.g.'))
    .option('--file <path>', BODY_HELP.file)
    .addHelpText(
      'after',
      examples('voxdesk calls web --assistant <id>', 'voxdesk calls web --squad <id> --json'),
    )
    .action(lazyAction(factory, async () => (await import('./calls-run.ts')).createWebCall));
  outputOptions(web, 'the created call').option('--dry-run', DRY_RUN_HELP);
  const summary = calls
    .command('summary')
    .description('Triage: calls per assistant since a time: count, failures, ended reasons, cost, minutes.')
    .option('--since <when>', 'the window: 30m, 24h, 7d or an ISO time', '24h')
    .option('--assistant <id>', 'only this assistant (id or name)')
    .addHelpText(
      'after',
      `
Every call of the window is read (through the SDK's pager), then grouped by assistant,
busiest first. FAILED counts ended reasons that are errors (the ones \`calls watch\` exits
5 for). --json gives {assistantId, calls, failed, cost, durationSeconds, endedReasons}.
${examples('voxdesk calls summary', 'voxdesk calls summary --since 7d --json', 'voxdesk calls summary --since 2026-11-20T00:00:00Z --assistant <id>')}`,
    )
    .action(lazyAction(factory, async () => (await import('./calls-summary.ts')).callsSummary));
  outputOptions(summary, 'the summary rows');
  registerControl(calls, factory);
  calls.commands
    .find((command) => command.name() === 'list')
    ?.option(
      '--failed',
      'only calls whose ended reason is a failure (as `calls watch` exits 5 for), with cost and minutes; newest first',
    )
    .option('--since <when>', 'with --failed, the window: 30m, 24h, 7d or an ISO time (default 24h)')
    .addHelpText(
      'after',
      `\nTriage:\n  $ voxdesk calls list --failed\n  $ voxdesk calls list --failed --since 7d --json id,endedReason`,
    );
}

const PUBLIC_KEY_HELP =
  'your public key, for assistants with monitorPlan.controlAuthenticationEnabled (default: VAPI_PUBLIC_KEY)';

/** Live call control: messages to a call's monitor.controlUrl (Vapi's Live Call Control). */
function registerControl(calls: Command, factory: Factory): void {
  const controlHelp = `
The message goes to the call's monitor.controlUrl (read from the call first), not to the
API: the API token is never sent there. The call must be live (in progress) and its
assistant's monitorPlan.controlEnabled must not be false.`;
  calls
    .command('say')
    .description('Make the assistant of a live call say something now.')
    .argument('<id>', 'call id')
    .argument('<text>', 'what the assistant says')
    .option('--end-after', 'hang up once it is said')
    .option('--public-key <key>', PUBLIC_KEY_HELP)
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      `${controlHelp}
${examples('voxdesk calls say <id> "One moment, I am checking."', 'voxdesk calls say <id> "Thanks, goodbye." --end-after')}`,
    )
    .action(lazyAction(factory, async () => (await import('./calls-control.ts')).say));
  calls
    .command('end')
    .description('End a live call now.')
    .argument('<id>', 'call id')
    .option('--public-key <key>', PUBLIC_KEY_HELP)
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      `${controlHelp}
${examples('voxdesk calls end <id>')}`,
    )
    .action(lazyAction(factory, async () => (await import('./calls-control.ts')).end));
  calls
    .command('transfer')
    .description('Transfer a live call to a phone number or SIP URI.')
    .argument('<id>', 'call id')
    .argument('<number>', 'E.164 number (+61400000000) or SIP URI (sip:desk@example.com)')
    .option('--message <text>', 'what the assistant says before transferring')
    .option('--public-key <key>', PUBLIC_KEY_HELP)
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      `${controlHelp}
${examples('voxdesk calls transfer <id> +61299990000', 'voxdesk calls transfer <id> sip:desk@example.com --message "Putting you through."')}`,
    )
    .action(lazyAction(factory, async () => (await import('./calls-control.ts')).transfer));
}
