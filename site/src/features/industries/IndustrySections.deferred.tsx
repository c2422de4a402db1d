import type { IndustryContent } from '../../content/industries/types.ts';
import { ContactBlock } from '../../shared/layout/ContactBlock.tsx';
import { Section } from '../../shared/ui/Section.tsx';
import { FaqAccordion } from './FaqAccordion.tsx';
import { PainCards } from './PainCards.tsx';

/** An industry page's sections after the hero, in one chunk that is not needed up front. */
export function IndustrySections({ content }: { content: IndustryContent }) {
  const { pain, features, roi, testimonial, results, privacy, faq } = content;
  return (
    <>
      <Section id="pain-points" title={pain.title} intro={pain.intro} tone="raised">
        <PainCards cards={pain.cards} highlightOnHover={content.key === 'health-clinics'} />
      </Section>

      <Section id="features" title={features.title} intro={features.intro}>
        <ul className="card-grid">
          {features.items.map((item) => (
            <li key={item.title} className="card">
              <h3 className="card__title">{item.title}</h3>
              <p className="card__desc">{item.desc}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="roi" title={roi.title} intro={roi.intro} tone="raised">
        <ul className="stat-grid">
          {roi.stats.map((item) => (
            <li key={item.label} className="stat">
              <span className="stat__value">{item.stat}</span>
              <strong className="industry-roi__label">{item.label}</strong>
              <p className="stat__label industry-roi__desc">{item.desc}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section className="industry-testimonial" aria-label="What our clients say">
        <figure className="industry-testimonial__figure container">
          <blockquote className="industry-testimonial__quote">
            <p>“{testimonial.quote}”</p>
          </blockquote>
          <figcaption className="industry-testimonial__author">
            <strong>{testimonial.author}</strong>, {testimonial.role}
          </figcaption>
        </figure>
      </section>

      <Section id="results" title={results.title} intro={results.intro} tone="raised">
        <ul className="stat-grid">
          {results.stats.map((item) => (
            <li key={item.label} className="stat">
              <span className="stat__value">{item.stat}</span>
              <span className="stat__label">{item.label}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="privacy" title={privacy.title} intro={privacy.intro}>
        <ul className="industry-privacy grid-balanced">
          {privacy.claims.map((claim) => (
            <li key={claim} className="industry-privacy__claim">
              {claim}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title={faq.title} tone="raised">
        <FaqAccordion items={faq.items} />
      </Section>

      <ContactBlock />
    </>
  );
}
