import { comparison, type ComparisonSide } from '../../content/home.ts';
import { Section } from '../../shared/ui/Section.tsx';

function Side({ side, tone }: { side: ComparisonSide; tone: 'problem' | 'solution' }) {
  return (
    <div className={`comparison__side comparison__side--${tone}`}>
      <h3 className="comparison__title">{side.title}</h3>
      <dl className="comparison__stats">
        {side.stats.map(({ stat, label }) => (
          <div key={label} className="comparison__stat">
            <dt className="comparison__label">{label}</dt>
            <dd className="comparison__value">{stat}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function Comparison() {
  return (
    <Section id="comparison" title={comparison.title} intro={comparison.intro}>
      <div className="comparison">
        <Side side={comparison.problem} tone="problem" />
        <Side side={comparison.solution} tone="solution" />
      </div>
    </Section>
  );
}
