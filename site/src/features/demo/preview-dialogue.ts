import type { VoiceCue } from '../../../common/vtt.ts';

/**
 * The preview call's script: the sample dialogue's cues (one per turn, `<v Caller>` or
 * `<v Receptionist>`) turned into what a live call would report at a given moment. Pure, so
 * the timing rules are tested without audio; `preview-voice-client.ts` feeds it the clock.
 */

export interface DialogueTurn {
  start: number;
  end: number;
  /** The receptionist is the assistant; the sample's caller plays the visitor's part. */
  role: 'assistant' | 'user';
  text: string;
}

/** What happened between two readings of the clock, in order (Vapi's event names and shapes). */
export type DialogueEvent =
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | {
      type: 'transcript';
      role: 'assistant' | 'user';
      transcriptType: 'partial' | 'final';
      transcript: string;
    };

/** The Receptionist's cues are the assistant's turns, the rest the caller's; empty cues are dropped. */
export function turnsFromCues(cues: readonly VoiceCue[]): DialogueTurn[] {
  return cues.flatMap(({ start, end, speaker, text }) => {
    if (!text || !(end > start)) return [];
    const role = /^receptionist$/i.test(speaker) ? ('assistant' as const) : ('user' as const);
    return [{ start, end, role, text }];
  });
}

/** The words of a turn spoken by `time`, as a speech recogniser would report them so far. */
export function spokenSoFar(turn: DialogueTurn, time: number): string {
  const words = turn.text.split(/\s+/);
  const share = Math.min(1, Math.max(0, (time - turn.start) / (turn.end - turn.start)));
  return words.slice(0, Math.max(1, Math.ceil(words.length * share))).join(' ');
}

/**
 * The events of the interval (from, to]: a turn that begins in it starts speech (assistant
 * turns only: Vapi reports the assistant's speech), a turn in progress at `to` gets a partial
 * transcript, and a turn that ends in it gets its final transcript (and ends speech).
 */
export function dialogueEvents(turns: readonly DialogueTurn[], from: number, to: number): DialogueEvent[] {
  const events: DialogueEvent[] = [];
  for (const turn of turns) {
    if (turn.end <= from || turn.start > to) continue;
    const { role } = turn;
    if (turn.start > from && role === 'assistant') events.push({ type: 'speech-start' });
    if (turn.end <= to) {
      events.push({ type: 'transcript', role, transcriptType: 'final', transcript: turn.text });
      if (role === 'assistant') events.push({ type: 'speech-end' });
    } else {
      events.push({ type: 'transcript', role, transcriptType: 'partial', transcript: spokenSoFar(turn, to) });
    }
  }
  return events;
}
