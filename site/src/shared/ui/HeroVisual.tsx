import type { HeroVisualContent } from '../../content/hero-visuals.ts';
import type { SampleCallMoment } from '../../content/sample-calls/dialogues.ts';
import './hero-visual.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2);

export interface HeroVisualProps {
  content: HeroVisualContent;
  /**
   * While the sample call plays, the cards it has reached so far (the others wait out of
   * sight); `null` or absent: the still, every card shown.
   */
  moments?: ReadonlySet<SampleCallMoment> | null;
}

/** A still of the product at work: the answered call, the booking it made and its summary. */
export function HeroVisual({ content, moments = null }: HeroVisualProps) {
  const { label, caller, time, lines, booking, summary } = content;
  const card = (name: string, moment?: SampleCallMoment) =>
    `hero-visual__card hero-visual__${name}` +
    (moment && moments && !moments.has(moment) ? ' hero-visual__card--waiting' : '');
  return (
    <div className="hero-visual" role="img" aria-label={label} data-testid="hero-visual">
      <div className="hero-visual__card hero-visual__call">
        <div className="hero-visual__head">
          <span className="hero-visual__avatar">{initials(caller)}</span>
          <span className="hero-visual__who">
            <strong>{caller}</strong>
            <span>Answered by Voxdesk · {time}</span>
          </span>
          <span className="hero-visual__live">Live</span>
        </div>
        <svg className="hero-visual__wave" viewBox="0 0 240 28" focusable="false">
          {Array.from({ length: 40 }, (_, i) => {
            const height = 4 + Math.round(Math.abs(Math.sin(i * 0.9) * Math.cos(i * 0.37)) * 22);
            return <rect key={i} x={i * 6} y={(28 - height) / 2} width="3" height={height} rx="1.5" />;
          })}
        </svg>
        <div className="hero-visual__lines">
          {lines.map((line) => (
            <p key={line.text} className={`hero-visual__line hero-visual__line--${line.from}`}>
              {line.text}
            </p>
          ))}
        </div>
      </div>
      <div className={card('booking', 'booking')} data-testid="hero-visual-booking">
        <svg className="hero-visual__icon" viewBox="0 0 24 24" focusable="false">
          <rect x="3" y="5" width="18" height="16" rx="3" />
          <path d="M3 10h18M8 3v4M16 3v4M9 15l2 2 4-4" />
        </svg>
        <span className="hero-visual__who">
          <strong>{booking.title}</strong>
          <span>{booking.when}</span>
        </span>
        <span className="hero-visual__chip">Booked</span>
      </div>
      <div className={card('summary', 'summary')} data-testid="hero-visual-summary">
        <strong>Call summary sent</strong>
        <span>{summary}</span>
      </div>
    </div>
  );
}
