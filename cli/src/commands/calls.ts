import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { BODY_HELP, examples, lazyAction, outputOptions, DRY_RUN_HELP } from './shared.ts';

/** `calls create` (a phone call) and `calls web`, next to the generic call verbs. */
export function registerCalls(calls: Command, factory: Factory): void {
  const create = calls
    .command('create')
    .description('Place a phone call: an assistant, squad or workflow calls --to from one of your numbers.')
    .option('--assistant <id>', 'assistant id (or --squad, or --workflow)')
    .option('--squad <id>', 'squad id (or --assistant, or --workflow)')
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
      ),
    )
    .action(lazyAction(factory, async () => (await import('./calls-run.ts')).createPhoneCall));
  outputOptions(create, 'the created call').option('--dry-run', DRY_RUN_HELP);
  const web = calls
    .command('web')
    .description('Create a web call and print the URL to join it.')
    .option('--assistant <id>', 'assistant id (or --squad)')
    .option('--squad <id>', 'squad id (or --assistant)')
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
    .option('--assistant <id>', 'only this assistant')
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
}
