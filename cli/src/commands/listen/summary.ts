/** One short human summary per Vapi server message, for `voxdesk listen`. */

type Message = Record<string, unknown>;

const text = (value: unknown, max = 80): string => {
  const s = (typeof value === 'string' ? value : JSON.stringify(value ?? '')).replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

function toolCalls(message: Message): string {
  const list = (message.toolCallList ?? []) as { function?: { name?: string; arguments?: unknown } }[];
  return list
    .map((call) => {
      const args = call.function?.arguments;
      return `${call.function?.name ?? '?'}(${text(typeof args === 'string' ? args : JSON.stringify(args ?? {}), 60)})`;
    })
    .join(', ');
}

function report(message: Message): string {
  const parts = [String(message.endedReason ?? 'ended')];
  if (typeof message.cost === 'number') parts.push(`$${message.cost.toFixed(4)}`);
  const started = Date.parse(String(message.startedAt));
  const ended = Date.parse(String(message.endedAt));
  const seconds =
    typeof message.durationSeconds === 'number'
      ? message.durationSeconds
      : Number.isFinite(started) && Number.isFinite(ended)
        ? (ended - started) / 1000
        : undefined;
  if (seconds !== undefined) parts.push(`${Math.round(seconds)}s`);
  const summary = (message.analysis as { summary?: unknown } | undefined)?.summary ?? message.summary;
  if (summary) parts.push(text(summary, 60));
  return parts.join(' · ');
}

export function summarize(message: Message): string {
  switch (message.type) {
    case 'status-update':
      return message.status === 'ended' && message.endedReason
        ? `ended (${String(message.endedReason)})`
        : String(message.status ?? '');
    case 'transcript':
    case 'transcript[transcriptType="final"]':
      return `${String(message.role ?? '?')}: ${text(message.transcript)}${message.transcriptType === 'partial' ? ' (partial)' : ''}`;
    case 'tool-calls':
      return toolCalls(message);
    case 'end-of-call-report':
      return report(message);
    case 'speech-update':
      return `${String(message.role ?? '?')} ${String(message.status ?? '')}`;
    case 'conversation-update':
      return `${((message.messages as unknown[]) ?? []).length} messages`;
    case 'hang':
      return 'assistant is hanging';
    case 'user-interrupted':
      return 'user interrupted';
    case 'model-output':
      return text(message.output);
    case 'assistant-request': {
      const customer = (message.customer ?? (message.call as Message | undefined)?.customer) as
        Message | undefined;
      return customer?.number ? `from ${String(customer.number)}` : 'which assistant?';
    }
    default:
      return '';
  }
}

/** The call id a message belongs to, or `-`. */
export const callIdOf = (message: Message): string =>
  String((message.call as { id?: unknown } | undefined)?.id ?? (message.chat as { id?: unknown })?.id ?? '-');
