import { bundles } from '../../content/home.ts';
import { LinkButton } from '../../shared/ui/Button.tsx';
import { Section } from '../../shared/ui/Section.tsx';

/** The three plans; no prices, every CTA goes to /demo (spec §3). */
export function Bundles() {
  return (
    <Section id="bundles" title={bundles.title} intro={bundles.intro} tone="raised">
      <ul className="plans">
        {bundles.plans.map((plan, index) => (
          <li key={plan.name} className={index === 1 ? 'plan plan--featured' : 'plan'}>
            <h3 className="plan__name">{plan.name}</h3>
            <p className="plan__audience">{plan.audience}</p>
            <h4 className="plan__label">{bundles.useCasesLabel}</h4>
            <ul className="plan__list">
              {plan.useCases.map((useCase) => (
                <li key={useCase}>{useCase}</li>
              ))}
            </ul>
            <h4 className="plan__label">{bundles.featuresLabel}</h4>
            <ul className="plan__list plan__list--features">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <LinkButton
              to={bundles.ctaTarget}
              variant={index === 1 ? 'primary' : 'secondary'}
              className="plan__cta"
            >
              {plan.cta}
            </LinkButton>
          </li>
        ))}
      </ul>
    </Section>
  );
}
