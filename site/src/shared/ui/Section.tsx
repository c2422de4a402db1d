import type { ReactNode } from 'react';
import './section.css';

export interface SectionProps {
  /** The anchor id; the heading gets `${id}-title` and labels the region. */
  id: string;
  title: ReactNode;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: 'default' | 'raised';
  className?: string;
  children?: ReactNode;
}

/** A page section with a centred heading block; everything inside sits in the content column. */
export function Section({ id, title, eyebrow, intro, tone = 'default', className, children }: SectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={['section', `section--${tone}`, className ?? ''].filter(Boolean).join(' ')}
    >
      <div className="container">
        <header className="section__header">
          {eyebrow && <p className="section__eyebrow">{eyebrow}</p>}
          <h2 id={titleId} className="section__title">
            {title}
          </h2>
          {intro && <p className="section__intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
