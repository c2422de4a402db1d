import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { SampleCallMoment } from '../../content/sample-calls/dialogues.ts';
import type { SampleCallMoments } from './SampleCallPlayer.tsx';
import { parseVtt, type VoiceCue } from '../../../common/vtt.ts';
import './sample-call-panel.css';

const SPEAKER_NAMES: Record<string, string> = { Receptionist: 'AI receptionist', Caller: 'Caller' };
const MOMENTS: readonly string[] = ['booking', 'summary'] satisfies SampleCallMoment[];

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** The cue being spoken, or the last one spoken (it stays lit through the pause after it). */
const activeCueIndex = (cues: readonly VoiceCue[], time: number) =>
  cues.findLastIndex((cue) => cue.start <= time);

/**
 * While this call plays, no other audio on the page does; an error loading it (every
 * source failed, or the browser refused to play) is reported.
 */
function useCallGuard(audioRef: RefObject<HTMLAudioElement | null>) {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const pauseOthers = () => {
      setProblem(null);
      for (const other of document.querySelectorAll('audio')) if (other !== audio) other.pause();
    };
    // A <source> error does not bubble, but its capture phase passes through the audio element.
    const onError = (event: Event) => {
      // The last source failing means none could be loaded; earlier ones fall through to it.
      if (event.target === audio || event.target === audio.querySelector('source:last-of-type')) {
        setProblem('This sample call could not be loaded. Please try again later.');
      }
    };
    audio.addEventListener('play', pauseOthers);
    audio.addEventListener('error', onError, true);
    if (!audio.paused) pauseOthers();
    return () => {
      audio.removeEventListener('play', pauseOthers);
      audio.removeEventListener('error', onError, true);
    };
  }, [audioRef]);
  return problem;
}

/** The audio element's position, duration and whether it has started, from its own events. */
function usePlayback(audioRef: RefObject<HTMLAudioElement | null>) {
  const [state, setState] = useState({ time: 0, duration: Number.NaN, started: false });
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const update = () =>
      setState({
        time: audio.ended ? audio.duration : audio.currentTime,
        duration: audio.duration,
        started: audio.played.length > 0 || !audio.paused,
      });
    const events = [
      'timeupdate',
      'durationchange',
      'loadedmetadata',
      'seeked',
      'play',
      'pause',
      'ended',
    ] as const;
    for (const event of events) audio.addEventListener(event, update);
    update();
    return () => {
      for (const event of events) audio.removeEventListener(event, update);
    };
  }, [audioRef]);
  // The slider shows the new position at once: a controlled range input would otherwise snap
  // back to the old one, and the 'change' event that follows would seek there again.
  const seekTo = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio || audio.currentTime === seconds) return;
      audio.currentTime = seconds;
      setState((previous) => ({ ...previous, time: seconds }));
    },
    [audioRef],
  );
  return { ...state, seekTo };
}

export interface SampleCallPanelProps {
  audio: RefObject<HTMLAudioElement | null>;
  /** The call's WebVTT transcript. */
  transcriptUrl: string;
  onMoments?: ((moments: SampleCallMoments) => void) | undefined;
}

/** The seek bar and the transcript of a sample call (loaded lazily by SampleCallPlayer). */
export default function SampleCallPanel({ audio: audioRef, transcriptUrl, onMoments }: SampleCallPanelProps) {
  const [cues, setCues] = useState<VoiceCue[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { time, duration, started, seekTo } = usePlayback(audioRef);
  const problem = useCallGuard(audioRef);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(transcriptUrl, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setCues(parseVtt(await response.text()));
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [transcriptUrl]);

  const active = cues ? activeCueIndex(cues, time) : -1;

  // The hero's cards appear at their cues once the call has started.
  const reached =
    cues && started ? cues.filter((cue, index) => index <= active && MOMENTS.includes(cue.id ?? '')) : null;
  const momentsKey = reached ? reached.map((cue) => cue.id).join(' ') : null;
  useEffect(() => {
    if (!onMoments) return;
    onMoments(
      momentsKey === null ? null : new Set(momentsKey.split(' ').filter(Boolean) as SampleCallMoment[]),
    );
  }, [momentsKey, onMoments]);
  useEffect(() => () => onMoments?.(null), [onMoments]);

  // Keep the spoken line in view inside the transcript box, without scrolling the page.
  useEffect(() => {
    const list = listRef.current;
    const item = active >= 0 ? list?.children[active] : undefined;
    if (!list || !(item instanceof HTMLElement)) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollTo({ top: item.offsetTop - list.clientHeight / 3, behavior: reduced ? 'auto' : 'smooth' });
  }, [active]);

  const known = Number.isFinite(duration) && duration > 0;
  return (
    <div className="sample-call__panel">
      {problem && (
        <p className="sample-call__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="sample-call__seek">
        <input
          type="range"
          min={0}
          max={known ? duration : 0}
          step={1}
          value={known ? Math.min(time, duration) : 0}
          disabled={!known}
          aria-label="Seek"
          aria-valuetext={known ? `${clock(time)} of ${clock(duration)}` : 'Not loaded yet'}
          onChange={(event) => seekTo(Number(event.currentTarget.value))}
        />
        <span className="sample-call__time" aria-hidden="true">
          {clock(time)} / {known ? clock(duration) : '–:––'}
        </span>
      </div>
      {failed ? (
        <p className="sample-call__problem">The transcript could not be loaded.</p>
      ) : cues ? (
        // Focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
        <ol ref={listRef} className="sample-call__transcript" aria-label="Transcript" tabIndex={0}>
          {cues.map((cue, index) => (
            <li
              key={`${cue.start}`}
              className={`sample-call__turn sample-call__turn--${cue.speaker.toLowerCase()}`}
              aria-current={index === active ? 'true' : undefined}
            >
              <span className="sample-call__speaker">{SPEAKER_NAMES[cue.speaker] ?? cue.speaker}</span>
              {cue.text}
            </li>
          ))}
        </ol>
      ) : (
        <p className="sample-call__note">Loading the transcript…</p>
      )}
    </div>
  );
}
