import type { Vapi } from '@voxdesk/sdk';
import { CliError, ExitCode } from '../../errors.ts';
import { palette } from '../../output/color.ts';
import { printEvent } from '../../output/print.ts';
import { shapingFor, type Shaping } from '../../output/shape.ts';
import { endedBadly } from './outcome.ts';
import { pause, survivor } from '../poll.ts';
import type { Deps } from '../shared.ts';
import type { WatchOpts } from './index.ts';

type Call = Record<string, unknown>;

/** One transcript line: who spoke and what. */
interface Line {
  role: string;
  text: string;
}

/**
 * A call's transcript so far: `artifact.messages` (role, message) when Vapi sends them,
 * else the plain `artifact.transcript` / `transcript` text ("AI: …\nUser: …").
 */
export function transcriptOf(call: Call): Line[] {
  const artifact = (call.artifact ?? {}) as Record<string, unknown>;
  const messages = artifact.messages ?? call.messages;
  if (Array.isArray(messages)) {
    return messages
      .filter((m): m is Record<string, unknown> => Boolean(m) && typeof m === 'object')
      .filter(
        (m) =>
          (m.role === 'user' || m.role === 'assistant' || m.role === 'bot') && typeof m.message === 'string',
      )
      .map((m) => ({ role: m.role === 'bot' ? 'assistant' : String(m.role), text: String(m.message) }));
  }
  const text = artifact.transcript ?? call.transcript;
  if (typeof text !== 'string') return [];
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(AI|User|Assistant|Bot):\s*(.*)$/i.exec(line);
      if (!match) return { role: 'transcript', text: line };
      const [, speaker = '', text = ''] = match;
      return { role: /^user$/i.test(speaker) ? 'user' : 'assistant', text };
    });
}

/** One event as a TSV row: tabs and newlines inside a field become spaces. */
const tsv = (...cells: string[]) => cells.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t');

/** The fields of a watch event (`--json type,text`). */
export const EVENT_FIELDS = ['type', 'status', 'role', 'text', 'endedReason', 'at'] as const;

export async function watchCall(options: WatchOpts, deps: Deps): Promise<void> {
  const shaping = await shapingFor(deps, options, EVENT_FIELDS);
  const { vapi } = await deps.client();
  await followCall(deps, vapi, options.id, { ...options, shaping });
}

export interface WatchOptions {
  interval: number;
  maxOutage: number;
  /** How events print: a table line (TSV when piped), or through the output flags. */
  shaping: Shaping;
}

/**
 * Polls call `id` and prints its new transcript lines and status changes until it ends
 * (`calls watch`, `calls create --watch`); exit 5 when it ends badly, 6 when Vapi stays away.
 */
export async function followCall(
  factory: Pick<Deps, 'io' | 'now' | 'signal'>,
  vapi: Vapi,
  id: string,
  { interval, shaping, maxOutage }: WatchOptions,
): Promise<void> {
  const { io } = factory;
  const colors = palette(io.colorEnabled);
  // A terminal gets aligned words; a pipe gets one TSV row per event (type first).
  const emit = async (event: Record<string, unknown>, cells: string[]) => {
    if (shaping.kind !== 'table')
      return printEvent(factory, { ...event, at: factory.now().toISOString() }, shaping);
    io.stdout.write(
      io.isStdoutTTY
        ? `${(event.type === 'transcript' ? colors.dim : colors.bold)(cells[0]!)}  ${cells.slice(1).join('  ')}\n`
        : `${tsv(...cells)}\n`,
    );
  };
  const survive = survivor(factory, { interval, maxOutage });
  let status: unknown;
  let shown = 0;
  for (;;) {
    const call = (await survive(() => vapi.calls.get(id))) as Call;
    // The transcript first: its last line belongs before the final status.
    const lines = transcriptOf(call);
    for (const line of lines.slice(shown))
      await emit({ type: 'transcript', ...line }, [line.role, line.text]);
    shown = Math.max(shown, lines.length);
    if (call.status !== status) {
      status = call.status;
      await emit({ type: 'status', status }, ['status', String(status)]);
    }
    if (call.status === 'ended') {
      const reason = typeof call.endedReason === 'string' ? call.endedReason : 'unknown';
      await emit({ type: 'ended', endedReason: reason }, ['ended', reason]);
      if (endedBadly(reason)) throw new CliError(`call ${id} failed: ${reason}`, ExitCode.callFailed);
      return;
    }
    await pause(factory, interval);
  }
}
