// @vitest-environment node
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CALL_BUDGET } from '../scripts/sample-calls/budget.ts';
import { SAMPLE_CALL_FORMATS } from '../src/shared/sample-call/files.ts';
import { sampleCallDialogues } from '../src/content/sample-calls/dialogues.ts';
import { formatVtt, parseVtt } from '../common/vtt.ts';

const samples = new URL('../public/samples/', import.meta.url);
const file = (name: string) => new URL(name, samples);

/** An MP4's length from its movie header (`mvhd`): duration / timescale. */
function mp4Seconds(bytes: Buffer): number {
  const at = bytes.indexOf('mvhd', 0, 'latin1');
  if (at < 0) throw new Error('no mvhd box');
  // After the box type: version and flags (4 bytes), then 32- or 64-bit times by version.
  if (bytes[at + 4] === 1) return Number(bytes.readBigUInt64BE(at + 28)) / bytes.readUInt32BE(at + 24);
  return bytes.readUInt32BE(at + 20) / bytes.readUInt32BE(at + 16);
}

describe.each(Object.values(sampleCallDialogues))('sample call $industry', (dialogue) => {
  const vtt = readFileSync(file(`${dialogue.industry}.vtt`), 'utf8');
  const cues = parseVtt(vtt);

  it('has one WebVTT cue per dialogue turn, with its voice, text and card', () => {
    expect(cues.map(({ id, speaker, text }) => ({ id, speaker, text }))).toEqual(
      dialogue.turns.map((turn, index) => ({
        id: turn.reveals ?? `turn-${index + 1}`,
        speaker: turn.speaker,
        text: turn.text,
      })),
    );
    expect(formatVtt(cues)).toBe(vtt);
  });

  it('reveals the booking card before the summary card', () => {
    const ids = cues.map((cue) => cue.id);
    expect(ids.filter((id) => id === 'booking' || id === 'summary')).toEqual(['booking', 'summary']);
  });

  it('times the cues in order, without overlaps, inside a 30–60 s call', () => {
    let previousEnd = 0;
    for (const cue of cues) {
      expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
      expect(cue.end).toBeGreaterThan(cue.start);
      previousEnd = cue.end;
    }
    const seconds = mp4Seconds(readFileSync(file(`${dialogue.industry}.m4a`)));
    expect(seconds).toBeGreaterThanOrEqual(SAMPLE_CALL_BUDGET.minSeconds);
    expect(seconds).toBeLessThanOrEqual(SAMPLE_CALL_BUDGET.maxSeconds);
    expect(previousEnd).toBeLessThanOrEqual(seconds);
  });

  it.each(SAMPLE_CALL_FORMATS)('ships .$extension within the size budget', ({ extension }) => {
    const path = file(`${dialogue.industry}.${extension}`);
    expect(statSync(path).size).toBeLessThanOrEqual(SAMPLE_CALL_BUDGET.maxBytes);
    const head = readFileSync(path).subarray(0, 4096).toString('latin1');
    if (extension === 'webm') {
      expect(head.startsWith('\x1a\x45\xdf\xa3')).toBe(true); // EBML
      expect(head).toContain('webm');
      expect(head).toContain('OpusHead');
    } else {
      expect(head.slice(4, 8)).toBe('ftyp');
      expect(readFileSync(path).includes('mp4a', 0, 'latin1')).toBe(true);
    }
  });
});

describe('WebVTT voice cues', () => {
  it('escapes markup characters and reads them back', () => {
    const cues = [
      { id: 'booking', start: 1.5, end: 62.25, speaker: 'Caller', text: 'Castle & Reid <3 > you' },
    ];
    const vtt = formatVtt(cues);
    expect(vtt).toBe(
      'WEBVTT\n\nbooking\n00:00:01.500 --> 00:01:02.250\n<v Caller>Castle &amp; Reid &lt;3 &gt; you</v>\n',
    );
    expect(parseVtt(vtt)).toEqual(cues);
  });

  it('refuses a file without the WEBVTT header', () => {
    expect(() => parseVtt('00:00.000 --> 00:01.000\nhi')).toThrow(/WEBVTT header/);
  });
});
