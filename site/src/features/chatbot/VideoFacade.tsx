import { useEffect, useRef, useState } from 'react';
import posterUrl from './assets/video-poster.svg';
import { siteSettings } from '../../../common/site-settings.ts';
import { PlayIcon } from './icons.tsx';

interface VideoFacadeProps {
  title: string;
  playLabel: string;
}

/**
 * The promo video as a facade: a local poster and a play button. The video host's player (and
 * its cookies and scripts) loads only after the visitor asks for it.
 */
export function VideoFacade({ title, playLabel }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  // The play button disappears on click; keep keyboard focus on the player that replaced it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  return (
    <div className="chatbot-video">
      {playing ? (
        <iframe
          ref={frame}
          className="chatbot-video__frame"
          src={`https://www.youtube-nocookie.com/embed/${siteSettings().promoVideoId}?autoplay=1&rel=0`}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button type="button" className="chatbot-video__facade" onClick={() => setPlaying(true)}>
          <img src={posterUrl} alt="" width={640} height={360} fetchPriority="high" />
          <span className="chatbot-video__play">
            <PlayIcon />
          </span>
          <span className="visually-hidden">{playLabel}</span>
        </button>
      )}
    </div>
  );
}
