/**
 * The WebVTT subset the sample calls use: one cue per dialogue turn, an optional cue id
 * (the hero card the turn reveals) and one voice span per cue (`<v Caller>…</v>`).
 * The render script writes it, the unit test reads it back, and the player reads a cue's
 * speaker and text from the browser's own parsed `VTTCue.text`.
 */
export interface VoiceCue {
  id?: string;
  /** Seconds from the start of the call. */
  start: number;
  end: number;
  speaker: string;
  text: string;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

/** `hh:mm:ss.ttt`, rounded to the millisecond. */
export function formatTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function parseTimestamp(stamp: string): number {
  const match = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(stamp.trim());
  if (!match) throw new Error(`WebVTT: bad timestamp "${stamp}"`);
  const [, h = '0', m, s, ms] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

export function formatVtt(cues: VoiceCue[]): string {
  const blocks = cues.map((cue) => {
    const timing = `${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}`;
    const payload = `<v ${cue.speaker}>${escapeText(cue.text)}</v>`;
    return [cue.id, timing, payload].filter((line) => line !== undefined).join('\n');
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** A cue payload's speaker and plain text: `<v Caller>Hi</v>` → {speaker: 'Caller', text: 'Hi'}. */
export function parseVoicePayload(payload: string): { speaker: string; text: string } {
  const voice = /^<v(?:\.[\w.-]+)?\s+([^>]+)>/.exec(payload);
  const text = unescapeText(payload.replace(/<[^>]*>/g, '')).trim();
  return { speaker: voice?.[1]?.trim() ?? '', text };
}

export function parseVtt(source: string): VoiceCue[] {
  const normalised = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const [header = '', ...blocks] = normalised.split(/\n{2,}/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header.split('\n')[0] ?? ''))
    throw new Error('WebVTT: missing WEBVTT header');
  const cues: VoiceCue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line !== '');
    if (lines.length === 0 || /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const timingAt = lines.findIndex((line) => line.includes('-->'));
    if (timingAt < 0 || timingAt > 1) throw new Error(`WebVTT: cue without timing: ${lines[0]}`);
    const [from = '', to = ''] = (lines[timingAt] ?? '').split('-->');
    const { speaker, text } = parseVoicePayload(lines.slice(timingAt + 1).join('\n'));
    cues.push({
      ...(timingAt === 1 ? { id: lines[0] } : {}),
      start: parseTimestamp(from),
      end: parseTimestamp(to.trim().split(/\s+/)[0] ?? ''),
      speaker,
      text,
    });
  }
  return cues;
}
