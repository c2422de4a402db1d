import { caseStudyGrid } from '../../content/case-studies/cards.ts';
import type { CaseStudyContent } from '../../content/case-studies/types.ts';
import { ContactBlock } from '../../shared/layout/ContactBlock.tsx';
import { Footer } from '../../shared/layout/Footer.tsx';
import { Header } from '../../shared/layout/Header.tsx';
import { LinkButton } from '../../shared/ui/Button.tsx';
import { heroVisuals } from '../../content/hero-visuals.ts';
import { HeroVisual } from '../../shared/ui/HeroVisual.tsx';
import { PageHero } from '../../shared/ui/PageHero.tsx';
import { Section } from '../../shared/ui/Section.tsx';
import { CaseStudyGrid } from './CaseStudyGrid.tsx';
import './case-study.css';

function PageButtons({ content }: { content: CaseStudyContent }) {
  return (
    <div className="case-study__buttons">
      <LinkButton to="/" variant="secondary">
        {caseStudyGrid.homeLabel}
      </LinkButton>
      <LinkButton to={content.industryLink.path} variant="secondary">
        {content.industryLink.label}
      </LinkButton>
    </div>
  );
}

/** One case-study page, driven by its content module. */
export function CaseStudyPage({ content }: { content: CaseStudyContent }) {
  const { hero, about, challenges, objectives, solution, outcome } = content;
  return (
    <>
      <Header />
      <main id="main" className="case-study">
        <PageHero
          titleId="case-study-title"
          className="case-study__hero"
          top={<PageButtons content={content} />}
          eyebrow={hero.eyebrow}
          title={hero.title}
          subtitle={hero.subtitle}
          visual={<HeroVisual content={heroVisuals[content.key]} />}
        />

        <Section id="about" title={about.title} tone="raised">
          <div className="case-study__about">
            <div>
              {about.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <dl className="case-study__facts">
              {about.facts.map((fact) => (
                <div key={fact.label} className="case-study__fact">
                  <dt>{fact.label}</dt>
                  <dd>{fact.stat}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Section>

        <Section id="challenges" title={challenges.title}>
          <ul className="card-grid">
            {challenges.items.map((item) => (
              <li key={item.title} className="card case-study__challenge">
                <h3 className="card__title">{item.title}</h3>
                <p className="card__desc">{item.desc}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="objectives" title={objectives.title} tone="raised">
          <ol className="case-study__objectives grid-balanced">
            {objectives.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </Section>

        <Section id="solution" title={solution.title}>
          <ul className="card-grid">
            {solution.items.map((item) => (
              <li key={item.title} className="card case-study__solution">
                <h3 className="card__title">{item.title}</h3>
                <p className="card__desc">{item.desc}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="outcome" title={outcome.title} intro={outcome.intro} tone="raised">
          <ul className="stat-grid">
            {outcome.stats.map((item) => (
              <li key={item.label} className="stat">
                <span className="stat__value">{item.stat}</span>
                <span className="stat__label">{item.label}</span>
              </li>
            ))}
          </ul>
          <p className="case-study__summary">{outcome.summary}</p>
        </Section>

        <CaseStudyGrid current={content.key} />
        <ContactBlock />
        <div className="container case-study__footer-buttons">
          <PageButtons content={content} />
        </div>
      </main>
      <Footer />
    </>
  );
}
