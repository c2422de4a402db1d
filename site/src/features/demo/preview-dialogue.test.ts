import { describe, expect, it } from 'vitest';
import { parseVtt } from '../../../common/vtt.ts';
import { dialogueEvents, spokenSoFar, turnsFromCues } from './preview-dialogue.ts';

// The shape of site/public/samples/*.vtt: one cue per turn, one voice span each.
const cues = parseVtt(`WEBVTT

turn-1
00:00:00.400 --> 00:00:04.000
<v Receptionist>Good evening, Harbourside Clinic.</v>

turn-2
00:00:04.500 --> 00:00:06.500
<v Caller>Hi, can I book a check-up?</v>

turn-3
00:00:07.000 --> 00:00:07.000
<v Receptionist>zero length</v>

booking
00:00:08.000 --> 00:00:10.000
<v Receptionist>Plumbing &amp; Electrical &lt;24/7&gt;</v>
`);

describe('turnsFromCues', () => {
  it('maps the receptionist to the assistant and the caller to the user, dropping empty cues', () => {
    expect(turnsFromCues(cues)).toEqual([
      { start: 0.4, end: 4, role: 'assistant', text: 'Good evening, Harbourside Clinic.' },
      { start: 4.5, end: 6.5, role: 'user', text: 'Hi, can I book a check-up?' },
      { start: 8, end: 10, role: 'assistant', text: 'Plumbing & Electrical <24/7>' },
    ]);
  });
});

describe('dialogueEvents', () => {
  const turns = turnsFromCues(cues);

  it('starts the assistant speaking and gives a partial transcript, then the final one and speech-end', () => {
    expect(dialogueEvents(turns, -1, 1)).toEqual([
      { type: 'speech-start' },
      { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Good' },
    ]);
    expect(dialogueEvents(turns, 1, 3)).toEqual([
      {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'partial',
        transcript: 'Good evening, Harbourside',
      },
    ]);
    expect(dialogueEvents(turns, 3, 4.2)).toEqual([
      {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'Good evening, Harbourside Clinic.',
      },
      { type: 'speech-end' },
    ]);
  });

  it('reports the caller as the user, with no speech events (those are the assistant’s)', () => {
    expect(dialogueEvents(turns, 4.2, 5)).toEqual([
      { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Hi, can' },
    ]);
    expect(dialogueEvents(turns, 5, 7)).toEqual([
      { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hi, can I book a check-up?' },
    ]);
  });

  it('a long gap between readings still reports every turn in order, each final once', () => {
    const events = dialogueEvents(turns, -1, 11);
    expect(events.map((e) => (e.type === 'transcript' ? `${e.role}:${e.transcriptType}` : e.type))).toEqual([
      'speech-start',
      'assistant:final',
      'speech-end',
      'user:final',
      'speech-start',
      'assistant:final',
      'speech-end',
    ]);
    expect(dialogueEvents(turns, 11, 12)).toEqual([]);
  });

  it('spokenSoFar reveals words in proportion to the time, at least one', () => {
    const [turn] = turns;
    expect(spokenSoFar(turn!, 0.4)).toBe('Good');
    expect(spokenSoFar(turn!, 99)).toBe(turn!.text);
  });
});
