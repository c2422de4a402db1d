import type { ChatbotCopy } from '../../../content/chatbot/index.ts';
import { buttonClass } from '../../../shared/ui/Button.tsx';
import { Section } from '../../../shared/ui/Section.tsx';
import { SchedulingLink } from '../ExternalLink.tsx';

interface FutureVisionProps {
  copy: ChatbotCopy['futureVision'];
  opensInNewTab: string;
}

/** Section 6: the vision, and a button to the external scheduling page. */
export function FutureVision({ copy, opensInNewTab }: FutureVisionProps) {
  return (
    <Section id="future-vision" title={copy.title} intro={copy.copy}>
      <div className="chatbot-center">
        <SchedulingLink className={buttonClass({ size: 'lg' })} opensInNewTab={opensInNewTab}>
          {copy.button}
        </SchedulingLink>
      </div>
    </Section>
  );
}
