import { benefits } from '../../content/home.ts';
import { Section } from '../../shared/ui/Section.tsx';

export function Benefits() {
  return (
    <Section id="benefits" title={benefits.title} tone="raised">
      <ul className="card-grid">
        {benefits.items.map((benefit, index) => (
          <li key={benefit.title} className="card">
            <span className="card__badge" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="card__title">{benefit.title}</h3>
            <p className="card__desc">{benefit.desc}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
