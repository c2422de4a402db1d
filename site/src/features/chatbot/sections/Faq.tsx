import type { ChatbotCopy } from '../../../content/chatbot/index.ts';
import { Section } from '../../../shared/ui/Section.tsx';

/**
 * Section 7: four questions, each open or closed on its own (several may be open). Native
 * `<details>` works without JavaScript and is announced as expandable.
 */
export function Faq({ copy }: { copy: ChatbotCopy['faq'] }) {
  return (
    <Section id="faq" title={copy.title} intro={copy.subtitle} tone="raised">
      <div className="chatbot-faq">
        {copy.questions.map((item, index) => (
          <details key={index} className="chatbot-faq__item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
