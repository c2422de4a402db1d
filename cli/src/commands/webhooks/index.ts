import type { Command } from 'commander';
import { parseDuration } from '../../parse-flags.ts';
import { arg, defineCommand, flag, type OptionsOf } from '../define.ts';
import { addCommand, examples, type Wiring } from '../shared.ts';
import { credentialFlags } from '../webhook-credentials.ts';

export const simulateDef = defineCommand({
  name: 'simulate',
  description:
    'POST one call’s server messages to a URL, signed: status updates, transcripts, a tool call, the end-of-call report.',
  args: [arg('<url>', 'your server URL (e.g. http://127.0.0.1:4242/vapi from `voxdesk listen`)')],
  flags: [
    ...credentialFlags(
      'sign with this secret (HMAC-SHA256 as Vapi; the --hmac-* flags change the plan) (default: $VAPI_WEBHOOK_SECRET; none: unsigned)',
    ),
    flag('--assistant <id>', 'the assistantId the messages carry', { default: 'asst-simulated' }),
    flag('--call-id <id>', 'the call id the messages carry (default: a random UUID)'),
    flag('--ended-reason <reason>', 'how the call ends', { default: 'customer-ended-call' }),
    flag('--duration <duration>', 'call length, answer to hang-up: 30s, 2m', {
      parse: parseDuration,
      default: 95_000,
    }),
    flag('--realtime', 'wait between messages as the call would (default: send them back to back)'),
    flag('--json', 'one JSON object per delivery: {type, status, ms, answer}'),
  ],
  help: `
The lifecycle is the SDK's callLifecycleEvents(): status-update queued, ringing,
in-progress, a transcript per line, one tool-calls message, status-update ended, then
the end-of-call-report. Each is signed with signWebhook (fresh timestamp) and sent in order;
your server's answer is printed. Exit 1 when any delivery is not 2xx or cannot be sent.
${examples(
  'voxdesk webhooks simulate http://127.0.0.1:4242/vapi --secret s3cret',
  'VAPI_WEBHOOK_SECRET=s3cret voxdesk webhooks simulate http://127.0.0.1:3000/api/vapi --ended-reason pipeline-error-openai-llm-failed',
)}`,
});
export type SimulateOpts = OptionsOf<typeof simulateDef>;

/** `voxdesk webhooks simulate <url>`: a realistic, signed call lifecycle posted to your server. */
export function registerWebhooks(program: Command, wiring: Wiring): void {
  const webhooks = program
    .command('webhooks')
    .description('Test your server URL: send it the messages Vapi sends during a call.')
    .addHelpText('after', examples('voxdesk webhooks simulate http://127.0.0.1:4242/vapi --secret s3cret'));
  addCommand(webhooks, wiring, simulateDef, async () => (await import('./simulate.ts')).run);
}
