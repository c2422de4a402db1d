import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { parseDuration } from '../parse-flags.ts';
import { examples, lazyAction } from './shared.ts';
import { addCredentialOptions } from './webhook-credentials.ts';

/** `voxdesk webhooks simulate <url>`: a realistic, signed call lifecycle posted to your server. */
export function registerWebhooks(program: Command, factory: Factory): void {
  const webhooks = program
    .command('webhooks')
    .description('Test your server URL: send it the messages Vapi sends during a call.')
    .addHelpText('after', examples('voxdesk webhooks simulate http://127.0.0.1:4242/vapi --secret s3cret'));
  const simulate = webhooks.command('simulate');
  addCredentialOptions(
    simulate,
    'sign with this secret (HMAC-SHA256 as Vapi; the --hmac-* flags change the plan) (default: $VAPI_WEBHOOK_SECRET; none: unsigned)',
  );
  simulate
    .description(
      'POST one call’s server messages to a URL, signed: status updates, transcripts, a tool call, the end-of-call report.',
    )
    .argument('<url>', 'your server URL (e.g. http://127.0.0.1:4242/vapi from `voxdesk listen`)')
    .option('--assistant <id>', 'the assistantId the messages carry', 'asst-simulated')
    .option('--call-id <id>', 'the call id the messages carry (default: a random UUID)')
    .option('--ended-reason <reason>', 'how the call ends', 'customer-ended-call')
    .option('--duration <duration>', 'call length, answer to hang-up: 30s, 2m', parseDuration, 95_000)
    .option('--realtime', 'wait between messages as the call would (default: send them back to back)')
    .option('--json', 'one JSON object per delivery: {type, status, ms, answer}')
    .addHelpText(
      'after',
      `
The lifecycle is the SDK's callLifecycleEvents(): status-update queued, ringing,
in-progress, a transcript per line, one tool-calls message, status-update ended, then
the end-of-call-report. Each is signed with signWebhook (fresh timestamp) and sent in order;
your server's answer is printed. Exit 1 when any delivery is not 2xx or cannot be sent.
${examples(
  'voxdesk webhooks simulate http://127.0.0.1:4242/vapi --secret s3cret',
  'VAPI_WEBHOOK_SECRET=s3cret voxdesk webhooks simulate http://127.0.0.1:3000/api/vapi --ended-reason pipeline-error-openai-llm-failed',
)}`,
    )
    .action(lazyAction(factory, async () => (await import('./webhooks-simulate.ts')).simulate));
}
