import type { CallTurn } from '@voxdesk/auth';
import { formatVtt } from '../common/vtt.ts';

/**
 * A published call's transcript as WebVTT, in the sample calls' own format (one cue per turn,
 * a voice span per cue, ids `turn-<n>`), written by the one VTT writer the render script uses.
 * A real call names no hero card, so no cue is called `booking` or `summary`.
 */
export function publishedTranscript(turns: readonly CallTurn[]): string {
  return formatVtt(
    turns.map((turn, index) => ({
      id: `turn-${index + 1}`,
      start: turn.start,
      end: turn.end,
      speaker: turn.speaker,
      // A cue ends at a blank line: a line break inside a turn would end it early.
      text: turn.text.replace(/\s*\n\s*/g, ' '),
    })),
  );
}
