import { howItWorks } from '../../content/home.ts';
import { Section } from '../../shared/ui/Section.tsx';

export function HowItWorks() {
  return (
    <Section id="how-it-works" title={howItWorks.title} intro={howItWorks.intro}>
      <ol className="steps">
        {howItWorks.steps.map((step, index) => (
          <li key={step.title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="steps__title">{step.title}</h3>
            <p className="steps__desc">{step.desc}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
