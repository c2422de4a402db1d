import type { WebhookCredential } from '@voxdesk/sdk/webhooks';
import { CliError, UsageError } from '../../errors.ts';
import { palette } from '../../output/color.ts';
import { pause } from '../poll.ts';
import type { Deps } from '../shared.ts';
import { credentialsFrom } from '../webhook-credentials.ts';
import type { SimulateOpts } from './index.ts';

const oneLine = (text: string, max = 100) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** A bare secret signs as Vapi's HMAC plan with its defaults (what `listen --secret` checks first). */
const signingCredential = (first: WebhookCredential | string): WebhookCredential =>
  typeof first === 'string' ? { type: 'hmac', secretKey: first, algorithm: 'sha256' } : first;

export async function run(flags: SimulateOpts, deps: Deps): Promise<void> {
  const { url } = flags;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new UsageError(`<url> must be an http(s) URL such as http://127.0.0.1:4242/vapi, not ${url}`);
  const envSecret = deps.env.VAPI_WEBHOOK_SECRET;
  const credentials = credentialsFrom(flags, flags.secret ?? (envSecret ? [envSecret] : []));
  const credential = credentials?.[0] === undefined ? undefined : signingCredential(credentials[0]);
  const { io } = deps;
  const colors = palette(io.colorEnabled);
  if (!credential) io.stderr.write('! no --secret or VAPI_WEBHOOK_SECRET: sending unsigned messages\n');

  const webhooks = await import('@voxdesk/sdk/webhooks');
  const events = webhooks.callLifecycleEvents({
    startedAt: deps.now(),
    durationSeconds: flags.duration / 1000,
    assistantId: flags.assistant,
    endedReason: flags.endedReason,
    ...(flags.callId ? { callId: flags.callId } : {}),
  });
  let failed = 0;
  for (const [index, event] of events.entries()) {
    if (flags.realtime && index > 0) await pause(deps, event.at - events[index - 1]!.at);
    const body = { message: event.message };
    const signed = credential
      ? await webhooks.signWebhook(credential, { body, url })
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const started = performance.now();
    let response: Response;
    try {
      response = await deps.fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new CliError(`could not send ${event.message.type} to ${url}: ${cause}`);
    }
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    if (!response.ok) failed++;
    const type =
      event.message.type === 'status-update' ? `status-update ${event.status}` : event.message.type;
    if (flags.json) {
      let answer: unknown = text;
      try {
        answer = JSON.parse(text);
      } catch {
        // kept as text
      }
      io.stdout.write(
        `${JSON.stringify({ type: event.message.type, status: response.status, ms, answer })}\n`,
      );
    } else {
      const status = response.ok
        ? colors.green(String(response.status))
        : colors.red(String(response.status));
      io.stdout.write(`${type.padEnd(24)} → ${status} ${ms} ms${text ? `  ${oneLine(text)}` : ''}\n`);
    }
  }
  if (failed) throw new CliError(`${failed} of ${events.length} deliveries to ${url} were not answered 2xx`);
}
