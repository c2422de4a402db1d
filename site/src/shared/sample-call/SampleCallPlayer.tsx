import { lazy, Suspense, useId, useRef, useState } from 'react';
import {
  PUBLISHED_CALL_LABEL,
  publishedCallTitles,
  SAMPLE_CALL_LABEL,
} from '../../content/sample-calls/copy.ts';
import type { SampleCallMoment } from '../../content/sample-calls/dialogues.ts';
import type { IndustryKey } from '../../content/types.ts';
import { siteSettings } from '../../../common/site-settings.ts';
import { sampleCallSource } from './files.ts';
import './sample-call.css';

// Everything past Play (seek bar, transcript, errors, one call at a time) loads on first use,
// so the page's up-front JS carries only this button.
const SampleCallPanel = lazy(() => import('./SampleCallPanel.tsx'));

/** The hero cards reached so far while the call plays; `null` shows the still picture. */
export type SampleCallMoments = ReadonlySet<SampleCallMoment> | null;

export interface SampleCallPlayerProps {
  industry: IndustryKey;
  title: string;
  onMoments?: (moments: SampleCallMoments) => void;
}

/**
 * A sample call: play/pause, then a seek bar and the transcript highlighted as it plays.
 * `preload="none"`: nothing is fetched before Play. play() is called in the click itself,
 * so browsers that want a user gesture for audio get one. A real call the owner published for
 * the industry (in the served page's settings) plays instead of the synthesised one, labelled
 * as such; it names no hero card, so the still picture stays.
 */
export function SampleCallPlayer({ industry, title, onMoments }: SampleCallPlayerProps) {
  const source = sampleCallSource(industry, siteSettings().publishedSamples?.[industry]);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [opened, setOpened] = useState(false);
  const [playing, setPlaying] = useState(false);
  const titleId = useId();

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    setOpened(true);
    // A refused play() shows as the audio's error (SampleCallPanel) or simply does not start.
    if (audio.paused) audio.play().catch(() => undefined);
    else audio.pause();
  };

  return (
    <figure className="sample-call" aria-labelledby={titleId} data-testid={`sample-call-${industry}`}>
      <div className="sample-call__bar">
        <button type="button" className="sample-call__play" onClick={toggle} aria-describedby={titleId}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} />
          </svg>
          {playing ? 'Pause' : 'Play'}
          <span className="visually-hidden"> example call</span>
        </button>
        <figcaption className="sample-call__caption">
          <strong id={titleId}>{source.published ? publishedCallTitles[industry] : title}</strong>
          <span className="sample-call__label">
            {source.published ? PUBLISHED_CALL_LABEL : SAMPLE_CALL_LABEL}
          </span>
        </figcaption>
      </div>
      <audio ref={audioRef} preload="none" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)}>
        {source.audio.map(({ src, type }) => (
          <source key={src} src={src} type={type} />
        ))}
      </audio>
      {opened ? (
        <Suspense fallback={<p className="sample-call__note">Loading the transcript…</p>}>
          <SampleCallPanel
            audio={audioRef}
            transcriptUrl={source.vtt}
            onMoments={source.published ? undefined : onMoments}
          />
        </Suspense>
      ) : (
        <button type="button" className="sample-call__open" onClick={() => setOpened(true)}>
          Read the transcript
        </button>
      )}
    </figure>
  );
}
