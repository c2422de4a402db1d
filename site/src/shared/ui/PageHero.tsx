import type { ReactNode } from 'react';
import './page-hero.css';

export interface PageHeroProps {
  /** The h1's id, which labels the section. */
  titleId: string;
  /** The page's own class, which sets `--page-hero-glow`. */
  className: string;
  /** Links above the eyebrow. */
  top: ReactNode;
  eyebrow: string;
  title: ReactNode;
  subtitle: ReactNode;
  /** Anything after the subtitle (actions). */
  children?: ReactNode;
  /** A picture beside the text on wide screens (below it on narrow ones). */
  visual?: ReactNode;
}

/** A sub-page's opening section: links, eyebrow, h1 and subtitle. */
export function PageHero({
  titleId,
  className,
  top,
  eyebrow,
  title,
  subtitle,
  children,
  visual,
}: PageHeroProps) {
  return (
    <section className={`page-hero ${className}`} aria-labelledby={titleId}>
      <div className="container">
        {top}
        <div className={visual ? 'page-hero__layout page-hero__layout--visual' : 'page-hero__layout'}>
          <div className="page-hero__text">
            <p className="page-hero__eyebrow">{eyebrow}</p>
            <h1 id={titleId} className="page-hero__title">
              {title}
            </h1>
            <p className="page-hero__subtitle">{subtitle}</p>
            {children}
          </div>
          {visual && <div className="page-hero__visual">{visual}</div>}
        </div>
      </div>
    </section>
  );
}
