import { useState } from 'react';
import type { IndustryContent } from '../../content/industries/types.ts';
import { sampleCallTitles } from '../../content/sample-calls/copy.ts';
import { HOME_LINK_LABEL } from '../../content/industries/switcher.ts';
import { Footer } from '../../shared/layout/Footer.tsx';
import { Header } from '../../shared/layout/Header.tsx';
import { LinkButton } from '../../shared/ui/Button.tsx';
import { heroVisuals } from '../../content/hero-visuals.ts';
import { HeroVisual } from '../../shared/ui/HeroVisual.tsx';
import { PageHero } from '../../shared/ui/PageHero.tsx';
import { SampleCallPlayer, type SampleCallMoments } from '../../shared/sample-call/SampleCallPlayer.tsx';
import { deferred } from '../../shared/ui/deferred.tsx';
import { SchedulingButton } from '../../shared/ui/SchedulingLinks.tsx';
import { IndustrySwitcher } from './IndustrySwitcher.tsx';
import './industries.css';

// The sections after the hero hydrate from their own chunk, as the home page's do: the
// industry pages ship less JS up front (issue 23).
const IndustrySections = deferred(() =>
  import('./IndustrySections.deferred.tsx').then((module) => module.IndustrySections),
);

/** One industry page, entirely driven by its content module. */
export function IndustryPage({ content }: { content: IndustryContent }) {
  const { hero } = content;
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

        <IndustrySections content={content} />
      </main>
      <Footer />
    </>
  );
}
