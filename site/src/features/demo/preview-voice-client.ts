import type { ReceptionistId } from '../../content/demo.ts';
import { dialogueEvents, turnsFromCues, type DialogueTurn } from './preview-dialogue.ts';
import type { VoiceClient } from './voice-client.ts';
import { parseVtt, type VoiceCue } from '../../../common/vtt.ts';

/** The sample calls samples23 ships: Opus in WebM, AAC for Safari, and one cue per turn. */
export const sampleCall = (id: ReceptionistId) => ({
  sources: [
    { src: `/samples/${id}.webm`, type: 'audio/webm; codecs="opus"' },
    { src: `/samples/${id}.m4a`, type: 'audio/mp4; codecs="mp4a.40.2"' },
  ],
  cues: `/samples/${id}.vtt`,
});

export const SAMPLE_LOAD_FAILED =
  'The sample call could not be loaded. Check your connection, then try again.';
/** What `@vapi-ai/web` throws from setMuted() without a call; the preview behaves the same. */
export const NO_CALL = 'Call object is not available.';

/** How often the clock, the level meter and the transcript are read while the sample plays. */
const TICK_MS = 60;
/** Between start() answering and the sample starting to play. */
const JOIN_MS = 500;
/** Between stop() and call-end, as a live call takes to hang up. */
const LEAVE_MS = 150;

type Listener = (...args: never[]) => void;

/** The dialogue's cues, through the project's one WebVTT reader. */
async function loadCues(url: string): Promise<VoiceCue[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(SAMPLE_LOAD_FAILED);
  return parseVtt(await response.text());
}

/** Waits for one of a media element's events; an `error` rejects. */
function once(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(event, done);
      target.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(event, done);
      target.removeEventListener('error', failed);
      reject(new Error(SAMPLE_LOAD_FAILED));
    };
    target.addEventListener(event, done);
    target.addEventListener('error', failed);
  });
}

interface Playback {
  audio: HTMLAudioElement;
  context: AudioContext;
  analyser: AnalyserNode;
  /** The caller's voice goes through this: muting the microphone silences the caller's turns. */
  callerGain: GainNode;
  turns: DialogueTurn[];
  timer?: ReturnType<typeof setInterval>;
  clock: number;
  partials: Map<DialogueTurn, string>;
}

/**
 * A second `VoiceClient`: plays a receptionist's sample call through Web Audio and reports it
 * with the live SDK's events, so the call card, its strings and its tests are the same with or
 * without Vapi keys. `volume-level` comes from an `AnalyserNode`, transcripts (partial, then
 * final) and speech start/end from the dialogue's cues, and mute and stop behave as Vapi's.
 */
export class PreviewVoiceClient implements VoiceClient {
  #listeners = new Map<string, Set<Listener>>();
  #playback: Playback | undefined;
  #muted = false;

  on(event: string, listener: Listener) {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeAllListeners() {
    this.#listeners.clear();
    return this;
  }

  #emit(event: string, ...args: unknown[]) {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  /** Loads the sample and its cues, then plays it; resolves with the call (like Vapi's start). */
  async start(receptionist: string): Promise<{ id: string; preview: true }> {
    this.#teardown();
    const sample = sampleCall(receptionist as ReceptionistId);
    const audio = document.createElement('audio');
    audio.preload = 'auto';
    const playable = sample.sources.find((s) => audio.canPlayType(s.type) !== '') ?? sample.sources[0]!;
    audio.src = playable.src;
    // Created inside Start's click (sticky activation), so the browser lets it play.
    const context = new AudioContext();
    let cues: VoiceCue[];
    try {
      [cues] = await Promise.all([loadCues(sample.cues), once(audio, 'canplay')]);
    } catch (error) {
      audio.removeAttribute('src');
      void context.close();
      throw error;
    }
    const source = context.createMediaElementSource(audio);
    const callerGain = context.createGain();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(callerGain).connect(analyser).connect(context.destination);
    this.#playback = {
      audio,
      context,
      analyser,
      callerGain,
      turns: turnsFromCues(cues),
      clock: -1,
      partials: new Map(),
    };
    this.#muted = false;
    audio.addEventListener('ended', () => this.#finish(), { once: true });
    audio.addEventListener('playing', () => this.#began(), { once: true });
    // A live call takes a moment to join after /call/web answers; the preview waits as long, so
    // 'Call initialized...' shows before 'Call started' as it does live.
    setTimeout(() => {
      if (this.#playback?.audio === audio) void this.#play(audio, context);
    }, JOIN_MS);
    return { id: `preview-${receptionist}-${Date.now()}`, preview: true };
  }

  async #play(audio: HTMLAudioElement, context: AudioContext) {
    try {
      await context.resume();
      await audio.play();
    } catch (error) {
      this.#emit('error', { type: 'preview-play-error', error });
      this.#finish();
    }
  }

  #began() {
    const playback = this.#playback;
    if (!playback) return;
    this.#emit('call-start');
    playback.timer = setInterval(() => this.#tick(), TICK_MS);
  }

  /** One reading: the level of what is playing, and the dialogue up to the current time. */
  #tick() {
    const playback = this.#playback;
    if (!playback) return;
    const samples = new Float32Array(playback.analyser.fftSize);
    playback.analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    // RMS of speech sits around 0.05–0.2; scaled so a normal voice fills most of the bar.
    this.#emit('volume-level', Math.min(1, Math.sqrt(sum / samples.length) * 5));

    const now = playback.audio.currentTime;
    const inCallerTurn = playback.turns.some((t) => t.role === 'user' && t.start <= now && now < t.end);
    playback.callerGain.gain.value = this.#muted && inCallerTurn ? 0 : 1;
    for (const event of dialogueEvents(playback.turns, playback.clock, now)) {
      if (event.type !== 'transcript') {
        this.#emit(event.type);
        continue;
      }
      if (event.transcriptType === 'partial') {
        const turn = playback.turns.find((t) => t.start <= now && now < t.end && t.role === event.role);
        // Only a change is news: a recogniser reports each new word once.
        if (!turn || playback.partials.get(turn) === event.transcript) continue;
        playback.partials.set(turn, event.transcript);
      }
      this.#emit('message', event);
    }
    playback.clock = now;
  }

  /** Muting silences the caller's side, as a muted microphone would in a live call. */
  setMuted(muted: boolean) {
    if (!this.#playback) throw new Error(NO_CALL);
    this.#muted = muted;
  }

  stop() {
    this.#finish();
  }

  /** Ends the call once: stops the audio, closes the audio graph and reports `call-end`. */
  #finish() {
    if (!this.#playback) return;
    this.#teardown();
    // Vapi reports call-end once it has left the call, a moment after stop(); so does the preview.
    setTimeout(() => this.#emit('call-end'), LEAVE_MS);
  }

  #teardown() {
    const playback = this.#playback;
    if (!playback) return;
    this.#playback = undefined;
    clearInterval(playback.timer);
    playback.audio.pause();
    playback.audio.removeAttribute('src');
    void playback.context.close().catch(() => {});
  }
}
