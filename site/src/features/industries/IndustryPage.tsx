import { useState } from 'react';
import type { IndustryContent } from '../../content/industries/types.ts';
import { sampleCallTitles } from '../../content/sample-calls/copy.ts';
import { HOME_LINK_LABEL } from '../../content/industries/switcher.ts';
import { ContactBlock } from '../../shared/layout/ContactBlock.tsx';
import { Footer } from '../../shared/layout/Footer.tsx';
import { Header } from '../../shared/layout/Header.tsx';
import { LinkButton } from '../../shared/ui/Button.tsx';
import { heroVisuals } from '../../content/hero-visuals.ts';
import { HeroVisual } from '../../shared/ui/HeroVisual.tsx';
import { PageHero } from '../../shared/ui/PageHero.tsx';
import { SampleCallPlayer, type SampleCallMoments } from '../../shared/sample-call/SampleCallPlayer.tsx';
import { SchedulingButton } from '../../shared/ui/SchedulingLinks.tsx';
import { Section } from '../../shared/ui/Section.tsx';
import { FaqAccordion } from './FaqAccordion.tsx';
import { IndustrySwitcher } from './IndustrySwitcher.tsx';
import { PainCards } from './PainCards.tsx';
import './industries.css';

/** One industry page, entirely driven by its content module. */
export function IndustryPage({ content }: { content: IndustryContent }) {
  const { hero, pain, features, roi, testimonial, results, privacy, faq } = content;
  // The hero's booking and summary cards follow the sample call while it plays.
  const [moments, setMoments] = useState<SampleCallMoments>(null);
  return (
    <>
      <Header />
      <main id="main" className={`industry industry--${content.key}`}>
        <PageHero
          titleId="industry-hero-title"
          className="industry-hero"
          top={
            <div className="industry-hero__top">
              <LinkButton to="/" variant="ghost">
                ← {HOME_LINK_LABEL}
              </LinkButton>
              <IndustrySwitcher />
            </div>
          }
          eyebrow={hero.eyebrow}
          title={hero.title}
          subtitle={hero.subtitle}
          visual={
            <div className="industry-hero__call">
              <HeroVisual content={heroVisuals[content.key]} moments={moments} />
              <SampleCallPlayer
                industry={content.key}
                title={sampleCallTitles[content.key]}
                onMoments={setMoments}
              />
            </div>
          }
        >
          <div className="industry-hero__actions">
            <SchedulingButton size="lg">{hero.bookDemo}</SchedulingButton>
            <LinkButton to={hero.caseStudyLink} variant="secondary" size="lg">
              {hero.caseStudy}
            </LinkButton>
          </div>
        </PageHero>

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
      </main>
      <Footer />
    </>
  );
}
