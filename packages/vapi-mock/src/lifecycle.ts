/**
 * Plays one call's lifecycle against a server URL the way Vapi does: `status-update`
 * queued → ringing → in-progress, a `transcript` per line, a `tool-calls` round trip whose
 * answer is recorded, `status-update` ended, then `end-of-call-report` — every delivery
 * signed with the configured credential by the SDK's `signWebhook`.
 */
import {
  callLifecycleEvents,
  signWebhook,
  type LifecycleLine,
  type LifecycleToolCall,
  type WebhookCredential,
} from '@voxdesk/sdk/webhooks';

export { DEFAULT_TOOL_CALLS, DEFAULT_TRANSCRIPT } from '@voxdesk/sdk/webhooks';
export type { LifecycleLine, LifecycleToolCall };

export interface PlayCallOptions {
  /** The server URL Vapi would post to. */
  serverUrl: string;
  /** How deliveries are signed; none: unsigned (a server URL without a credential). */
  credential?: WebhookCredential;
  callId?: string;
  assistantId?: string;
  /** The call the messages carry (e.g. a fake call record with its `monitor` URLs). */
  call?: Record<string, unknown>;
  /** The conversation, spoken in order (default: a short booking call). */
  transcript?: LifecycleLine[];
  /** Tool calls made after the first user line, in one `tool-calls` message. */
  toolCalls?: LifecycleToolCall[];
  summary?: string;
  /** USD. */
  cost?: number;
  endedReason?: string;
  /** When the call starts (default: now) and how long it lasts (default 95 s). */
  startedAt?: Date;
  durationSeconds?: number;
  /** Deliver the end-of-call report twice, as Vapi does when a delivery times out. */
  duplicateReport?: boolean;
  fetch?: typeof globalThis.fetch;
}

export interface Delivery {
  type: string;
  /** The message as sent (inside `{ message }`). */
  message: Record<string, unknown>;
  status: number;
  /** The server's answer: parsed JSON, else text. */
  answer: unknown;
}

export interface PlayedCall {
  callId: string;
  deliveries: Delivery[];
  /** The `tool-calls` answer, when the lifecycle had tool calls. */
  toolCallAnswer: unknown;
  /** The `end-of-call-report` message that was sent. */
  report: Record<string, unknown>;
}

async function parseAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const OPTION_KEYS = [
  'serverUrl',
  'credential',
  'callId',
  'assistantId',
  'call',
  'transcript',
  'toolCalls',
  'summary',
  'cost',
  'endedReason',
  'startedAt',
  'durationSeconds',
  'duplicateReport',
  'fetch',
];

/** Typos fail at once, saying what is accepted (as the fake's other options do). */
function checkOptions(options: PlayCallOptions): void {
  const unknown = Object.keys(options).filter((key) => !OPTION_KEYS.includes(key));
  if (unknown.length)
    throw new TypeError(
      `playCallLifecycle: unknown ${unknown.map((k) => `"${k}"`).join(', ')}. Known: ${OPTION_KEYS.join(', ')}.`,
    );
  if (!URL.canParse(options.serverUrl) || !/^https?:$/.test(new URL(options.serverUrl).protocol))
    throw new TypeError(
      `playCallLifecycle: serverUrl must be an http(s) URL like http://127.0.0.1:3000/api/vapi, got "${String(options.serverUrl)}".`,
    );
  const duration = options.durationSeconds;
  if (duration !== undefined && !(duration >= 0))
    throw new TypeError(`playCallLifecycle: durationSeconds must be a number ≥ 0, got ${String(duration)}.`);
}

/** Plays the lifecycle; resolves with every delivery and the server's answers (non-2xx included). */
export async function playCallLifecycle(options: PlayCallOptions): Promise<PlayedCall> {
  checkOptions(options);
  const { serverUrl, credential, fetch, duplicateReport, ...call } = options;
  const send = fetch ?? globalThis.fetch;
  const events = callLifecycleEvents(call);
  const deliveries: Delivery[] = [];
  let toolCallAnswer: unknown;
  let report: Record<string, unknown> = {};

  async function deliver(message: Record<string, unknown> & { type: string }): Promise<Delivery> {
    const body = JSON.stringify({ message });
    const signed = credential
      ? await signWebhook(credential, { body, url: serverUrl })
      : { headers: { 'content-type': 'application/json' }, body };
    const response = await send(serverUrl, { method: 'POST', headers: signed.headers, body: signed.body });
    const delivery = {
      type: message.type,
      message,
      status: response.status,
      answer: await parseAnswer(response),
    };
    deliveries.push(delivery);
    return delivery;
  }

  for (const { message } of events) {
    const delivery = await deliver(message);
    if (message.type === 'tool-calls') toolCallAnswer = delivery.answer;
    if (message.type === 'end-of-call-report') {
      report = message;
      // A retry carries the same message.
      if (duplicateReport) await deliver(message);
    }
  }
  return { callId: String(events[0]?.message.call.id), deliveries, toolCallAnswer, report };
}
