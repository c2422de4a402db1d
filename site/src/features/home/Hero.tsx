import { hero } from '../../content/home.ts';
import { LinkButton } from '../../shared/ui/Button.tsx';
import { BookCallLink } from '../../shared/ui/SchedulingLinks.tsx';
import { HeroArt } from './HeroArt.tsx';

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <div className="hero__copy">
          <p className="hero__eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {hero.headline}
          </h1>
          <p className="hero__tagline">{hero.tagline}</p>
          <p className="hero__lead">{hero.lead}</p>
          <div className="hero__actions">
            <BookCallLink size="lg">{hero.cta}</BookCallLink>
            <LinkButton to="/demo" variant="secondary" size="lg">
              {hero.secondaryCta}
            </LinkButton>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
