import type { CallTurn } from '@voxdesk/auth';

/** Who speaks in Vapi's `artifact.messages`; system prompts and tool calls are not spoken. */
const SPEAKERS: Record<string, CallTurn['speaker']> = {
  bot: 'Receptionist',
  assistant: 'Receptionist',
  user: 'Caller',
};
/** A report is untrusted input: enough for a long demo call, not a way to fill the disk. */
export const MAX_TURNS = 500;
export const MAX_TURN_CHARS = 2_000;
/** A turn with no end time of its own and no turn after it. */
const LAST_TURN_SECONDS = 5;

const seconds = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/**
 * The spoken turns of a call, with their times, from an end-of-call report's
 * `artifact.messages` (`{role, message, secondsFromStart, time, endTime}`: `time` and
 * `endTime` in ms since the epoch). A turn ends at its `endTime`, else where the next begins.
 * Anything unreadable is skipped; an empty list means the report has no timed transcript.
 */
export function callTurns(messages: unknown): CallTurn[] {
  if (!Array.isArray(messages)) return [];
  const spoken: (CallTurn & { ownEnd?: number })[] = [];
  for (const raw of messages.slice(0, MAX_TURNS * 4)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const m = raw as Record<string, unknown>;
    const speaker = SPEAKERS[String(m.role)];
    const text = typeof m.message === 'string' ? m.message.trim().slice(0, MAX_TURN_CHARS) : '';
    const start = seconds(m.secondsFromStart);
    if (!speaker || !text || start === undefined) continue;
    const time = seconds(m.time);
    const endTime = seconds(m.endTime);
    const length =
      time !== undefined && endTime !== undefined && endTime >= time ? (endTime - time) / 1000 : undefined;
    spoken.push({
      speaker,
      text,
      start,
      end: start,
      ...(length !== undefined ? { ownEnd: start + length } : {}),
    });
    if (spoken.length === MAX_TURNS) break;
  }
  spoken.sort((a, b) => a.start - b.start);
  return spoken.map(({ ownEnd, ...turn }, index) => {
    const next = spoken[index + 1]?.start;
    const end = ownEnd ?? next ?? turn.start + LAST_TURN_SECONDS;
    return { ...turn, end: Math.max(turn.start, end) };
  });
}
