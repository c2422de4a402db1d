// Renders the sample calls (site/src/content/sample-calls/dialogues.ts) to
// site/public/samples/<industry>.{webm,m4a,vtt}. Needs Debian's festival with
// festvox-us-slt-hts, flite, sox and ffmpeg; CI never runs it (the files are committed).
//   npm run sample-calls -w @voxdesk/site            all three
//   npm run sample-calls -w @voxdesk/site law-firms  one
// The same inputs give byte-identical files (see docs/sample-calls.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  sampleCallDialogues,
  type DialogueTurn,
  type SampleCallDialogue,
  type Speaker,
} from '../../src/content/sample-calls/dialogues.ts';
import type { IndustryKey } from '../../src/content/types.ts';
import { formatVtt, type VoiceCue } from '../../common/vtt.ts';
import { SAMPLE_RATE, VOICES, type Voice } from './voices.ts';

const outDir = fileURLToPath(new URL('../../public/samples/', import.meta.url));

/** Silence before the first turn, between turns and after the last, in seconds. */
const LEAD_IN = 0.4;
const GAP = 0.45;
const TAIL = 0.6;

const run = (command: string, args: string[], input?: string) =>
  // sox dithers with a random seed unless told to repeat (-R).
  execFileSync(command, command === 'sox' ? ['-R', ...args] : args, {
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });

function synthesise(voice: Voice, text: string, raw: string) {
  if (voice.engine === 'festival') {
    run('text2wave', ['-eval', `(${voice.name})`, '-o', raw], text);
  } else {
    run('flite', ['-voice', voice.name, '-t', text, '-o', raw]);
  }
}

/** Samples in a 16-bit mono WAV file written by sox (data chunk size / 2). */
function sampleCount(wav: string): number {
  const bytes = readFileSync(wav);
  const at = bytes.indexOf('data', 12, 'latin1');
  if (at < 0) throw new Error(`${wav}: no data chunk`);
  return bytes.readUInt32LE(at + 4) / 2;
}

function silence(file: string, seconds: number) {
  run('sox', ['-n', '-r', String(SAMPLE_RATE), '-c', '1', '-b', '16', file, 'trim', '0', String(seconds)]);
}

/** One turn as a normalised WAV at the call's rate, silence trimmed at both ends. */
function renderTurn(turn: DialogueTurn, index: number, work: string): string {
  const raw = join(work, `turn-${index}.raw.wav`);
  const wav = join(work, `turn-${index}.wav`);
  const voice = VOICES[turn.speaker];
  synthesise(voice, turn.say ?? turn.text, raw);
  const trim = ['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse'];
  run('sox', [
    raw,
    '-r',
    String(SAMPLE_RATE),
    '-c',
    '1',
    '-b',
    '16',
    wav,
    ...trim,
    ...voice.effects,
    'norm',
    '-3',
  ]);
  return wav;
}

function renderCall(dialogue: SampleCallDialogue) {
  const work = mkdtempSync(join(tmpdir(), `sample-call-${dialogue.industry}-`));
  try {
    const parts: string[] = [join(work, 'lead-in.wav')];
    silence(parts[0]!, LEAD_IN);
    const gap = join(work, 'gap.wav');
    silence(gap, GAP);
    const tail = join(work, 'tail.wav');
    silence(tail, TAIL);

    // Cue times come from the rendered turns: each cue spans its turn's samples exactly.
    const cues: VoiceCue[] = [];
    let offset = Math.round(LEAD_IN * SAMPLE_RATE);
    dialogue.turns.forEach((turn, index) => {
      if (index > 0) {
        parts.push(gap);
        offset += Math.round(GAP * SAMPLE_RATE);
      }
      const wav = renderTurn(turn, index, work);
      const samples = sampleCount(wav);
      parts.push(wav);
      cues.push({
        id: turn.reveals ?? `turn-${index + 1}`,
        start: offset / SAMPLE_RATE,
        end: (offset + samples) / SAMPLE_RATE,
        speaker: turn.speaker satisfies Speaker,
        text: turn.text,
      });
      offset += samples;
    });
    parts.push(tail);

    const call = join(work, 'call.wav');
    run('sox', [...parts, call]);
    const base = join(outDir, dialogue.industry);
    const exact = ['-fflags', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1'];
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      call,
      '-c:a',
      'libopus',
      '-b:a',
      '24k',
      '-application',
      'voip',
      ...exact,
      `${base}.webm`,
    ]);
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      call,
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-movflags',
      '+faststart',
      ...exact,
      `${base}.m4a`,
    ]);
    writeFileSync(`${base}.vtt`, formatVtt(cues));
    const seconds = sampleCount(call) / SAMPLE_RATE;
    console.log(`${dialogue.industry}: ${seconds.toFixed(1)} s, ${cues.length} cues`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const wanted = process.argv.slice(2) as IndustryKey[];
const unknown = wanted.filter((key) => !(key in sampleCallDialogues));
if (unknown.length > 0) {
  console.error(
    `unknown industry: ${unknown.join(', ')} (one of ${Object.keys(sampleCallDialogues).join(', ')})`,
  );
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
for (const dialogue of Object.values(sampleCallDialogues)) {
  if (wanted.length === 0 || wanted.includes(dialogue.industry)) renderCall(dialogue);
}
