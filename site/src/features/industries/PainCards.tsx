import type { CSSProperties } from 'react';
import type { PainCard } from '../../content/industries/types.ts';
import { PainIcon } from './PainIcon.tsx';
import { useSlideIn } from './useSlideIn.ts';
import './pain-cards.css';

/** Spec §9: stagger 0.12–0.15 s, duration 0.5–0.7 s, 292 px offset per card. */
export const PAIN_CARD_MOTION = { staggerS: 0.13, durationS: 0.6, offsetPx: 292 } as const;

const motionVars = {
  '--stagger': `${PAIN_CARD_MOTION.staggerS}s`,
  '--duration': `${PAIN_CARD_MOTION.durationS}s`,
  '--offset': `${PAIN_CARD_MOTION.offsetPx}px`,
} as CSSProperties;

/** Pain-point cards that slide from a stack into the grid the first time they scroll into view. */
export function PainCards({
  cards,
  highlightOnHover = false,
}: {
  cards: readonly PainCard[];
  highlightOnHover?: boolean;
}) {
  const { ref, phase } = useSlideIn<HTMLUListElement>();
  const className = ['pain-cards', `pain-cards--${phase}`, highlightOnHover ? 'pain-cards--highlight' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className="pain-cards__viewport">
      <ul ref={ref} className={className} style={motionVars} data-phase={phase}>
        {cards.map((card, index) => (
          <li key={card.title} className="pain-card" style={{ '--i': index } as CSSProperties}>
            <span className="pain-card__icon">
              <PainIcon icon={card.icon} />
            </span>
            <h3 className="pain-card__title">{card.title}</h3>
            <p className="pain-card__desc">{card.desc}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
