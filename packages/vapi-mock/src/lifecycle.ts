/**
 * Plays one call's lifecycle against a server URL the way Vapi does: `status-update`
 * queued → ringing → in-progress, a `transcript` per line, a `tool-calls` round trip whose
 * answer is recorded, `status-update` ended, then `end-of-call-report` — every delivery
 * signed with the configured credential by the SDK's `signWebhook`.
 */
import { signWebhook, type ServerMessage, type WebhookCredential } from '@voxdesk/sdk/webhooks';

export interface LifecycleLine {
  role: 'assistant' | 'user';
  text: string;
}

export interface LifecycleToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface PlayCallOptions {
  /** The server URL Vapi would post to. */
  serverUrl: string;
  /** How deliveries are signed; none: unsigned (a server URL without a credential). */
  credential?: WebhookCredential;
  callId?: string;
  assistantId?: string;
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

export const DEFAULT_TRANSCRIPT: LifecycleLine[] = [
  { role: 'assistant', text: 'Thanks for calling Harbour Dental, how can I help?' },
  { role: 'user', text: 'I would like a check-up on Monday morning.' },
  { role: 'assistant', text: 'You are booked for Monday at 9:30. Anything else?' },
  { role: 'user', text: 'No, thanks. Bye!' },
];
export const DEFAULT_TOOL_CALLS: LifecycleToolCall[] = [
  { name: 'bookAppointment', arguments: { day: 'Monday', time: '09:30' } },
];

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
  const send = options.fetch ?? globalThis.fetch;
  const callId = options.callId ?? crypto.randomUUID();
  const startedAt = options.startedAt ?? new Date();
  const duration = options.durationSeconds ?? 95;
  const endedAt = new Date(startedAt.getTime() + duration * 1000);
  const lines = options.transcript ?? DEFAULT_TRANSCRIPT;
  const toolCalls = options.toolCalls ?? DEFAULT_TOOL_CALLS;
  const call = {
    id: callId,
    orgId: 'org-fake',
    type: 'webCall',
    assistantId: options.assistantId ?? 'asst-fake',
    createdAt: startedAt.toISOString(),
  };
  const deliveries: Delivery[] = [];
  let clock = startedAt.getTime();

  async function deliver(
    message: Record<string, unknown> & { type: ServerMessage['type'] },
    callStatus = 'in-progress',
  ): Promise<Delivery> {
    const full = { timestamp: clock, call: { ...call, status: callStatus }, ...message };
    const body = JSON.stringify({ message: full });
    const signed = options.credential
      ? await signWebhook(options.credential, { body, url: options.serverUrl })
      : { headers: { 'content-type': 'application/json' }, body };
    const response = await send(options.serverUrl, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    });
    const delivery = {
      type: message.type,
      message: full,
      status: response.status,
      answer: await parseAnswer(response),
    };
    deliveries.push(delivery);
    clock += 1000;
    return delivery;
  }

  for (const status of ['queued', 'ringing', 'in-progress'] as const)
    await deliver({ type: 'status-update', status }, status);
  let toolCallAnswer: unknown;
  const conversation: { role: string; message: string; time: number }[] = [];
  for (const [index, line] of lines.entries()) {
    await deliver({ type: 'transcript', role: line.role, transcriptType: 'final', transcript: line.text });
    conversation.push({ role: line.role === 'assistant' ? 'bot' : 'user', message: line.text, time: clock });
    if (index === lines.findIndex((l) => l.role === 'user') && toolCalls.length) {
      const list = toolCalls.map((tool, n) => ({
        id: `${callId}-tool-${n + 1}`,
        type: 'function',
        function: { name: tool.name, arguments: tool.arguments },
      }));
      const delivery = await deliver({
        type: 'tool-calls',
        toolCallList: list,
        toolWithToolCallList: list.map((toolCall) => ({
          type: 'function',
          function: { name: toolCall.function.name },
          toolCall,
        })),
      });
      toolCallAnswer = delivery.answer;
    }
  }
  const endedReason = options.endedReason ?? 'customer-ended-call';
  await deliver({ type: 'status-update', status: 'ended', endedReason }, 'ended');
  const transcript = lines
    .map((line) => `${line.role === 'assistant' ? 'AI' : 'User'}: ${line.text}`)
    .join('\n');
  const reportMessage = {
    type: 'end-of-call-report' as const,
    endedReason,
    cost: options.cost ?? 0.1234,
    startedAt: startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    // Vapi sends the duration though the OpenAPI schema leaves it out.
    durationSeconds: duration,
    analysis: { summary: options.summary ?? 'The caller booked a check-up for Monday at 9:30.' },
    artifact: { transcript, messages: conversation },
  };
  const first = await deliver(reportMessage, 'ended');
  if (options.duplicateReport) {
    clock = Number(first.message.timestamp); // a retry carries the same message
    await deliver(reportMessage, 'ended');
  }
  return { callId, deliveries, toolCallAnswer, report: first.message };
}
