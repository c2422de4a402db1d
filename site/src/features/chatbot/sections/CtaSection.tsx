import type { ChatbotCopy } from '../../../content/chatbot/index.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Section } from '../../../shared/ui/Section.tsx';
import { CheckIcon } from '../icons.tsx';

interface CtaSectionProps {
  copy: ChatbotCopy['cta'];
  onBook: () => void;
}

/** Section 4: the call to action with its three guarantees; opens the booking dialog. */
export function CtaSection({ copy, onBook }: CtaSectionProps) {
  return (
    <Section id="book-call" title={copy.title} intro={copy.subtitle} className="chatbot-cta">
      <ul className="chatbot-guarantees">
        {copy.guarantees.map((guarantee) => (
          <li key={guarantee}>
            <CheckIcon />
            {guarantee}
          </li>
        ))}
      </ul>
      <div className="chatbot-center">
        <Button size="lg" onClick={onBook}>
          {copy.button}
        </Button>
      </div>
    </Section>
  );
}
