import type { ChatbotCopy } from '../../../content/chatbot/index.ts';
import { Section } from '../../../shared/ui/Section.tsx';
import { BENEFIT_ICONS } from '../icons.tsx';

/** Section 2: four benefit cards, icons in their fixed order. */
export function Transformation({ copy }: { copy: ChatbotCopy['transformation'] }) {
  return (
    <Section id="transformation" title={copy.title} tone="raised">
      <ul className="card-grid chatbot-benefits">
        {copy.benefits.map((benefit, index) => {
          // why: a modulo of the array's own length is always a valid index.
          const Icon = BENEFIT_ICONS[index % BENEFIT_ICONS.length]!;
          return (
            <li key={index} className="card chatbot-benefit">
              <span className="chatbot-benefit__icon">
                <Icon />
              </span>
              <h3>{benefit.title}</h3>
              <p>{benefit.description}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
