import { Link } from 'react-router';
import { caseStudyGrid } from '../../content/case-studies/cards.ts';
import type { IndustryKey } from '../../content/types.ts';
import { Section } from '../../shared/ui/Section.tsx';

/** The three case studies as cards; the one being read is marked as current. */
export function CaseStudyGrid({ current }: { current: IndustryKey }) {
  return (
    <Section id="case-studies" title={caseStudyGrid.title}>
      <ul className="case-grid">
        {caseStudyGrid.cards.map((card) => (
          <li key={card.industry} className="case-grid__card">
            <img
              className="case-grid__image"
              src={card.image.src}
              alt={card.image.alt}
              width={card.image.width}
              height={card.image.height}
              loading="lazy"
              decoding="async"
            />
            <div className="case-grid__body">
              <h3 className="case-grid__title">{card.title}</h3>
              <Link
                className="case-grid__link"
                to={card.link}
                aria-current={card.industry === current ? 'page' : undefined}
              >
                {caseStudyGrid.readMore}
                <span className="visually-hidden">: {card.title}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
