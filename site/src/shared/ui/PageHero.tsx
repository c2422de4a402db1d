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
}

/** A sub-page's opening section: links, eyebrow, h1 and subtitle. */
export function PageHero({ titleId, className, top, eyebrow, title, subtitle, children }: PageHeroProps) {
  return (
    <section className={`page-hero ${className}`} aria-labelledby={titleId}>
      <div className="container">
        {top}
        <p className="page-hero__eyebrow">{eyebrow}</p>
        <h1 id={titleId} className="page-hero__title">
          {title}
        </h1>
        <p className="page-hero__subtitle">{subtitle}</p>
        {children}
      </div>
    </section>
  );
}
