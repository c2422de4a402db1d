import type { ChatbotCopy } from '../../../content/chatbot/index.ts';
import { Section } from '../../../shared/ui/Section.tsx';
import prishtinaSuites from '../assets/prishtina-suites.svg';
import rivieraRentals from '../assets/riviera-rentals.svg';
import tiranaStays from '../assets/tirana-stays.svg';

/** Three client logos, drawn for this site and served from our own origin. */
const CLIENT_LOGOS = [
  { name: 'Tirana Stays', src: tiranaStays },
  { name: 'Riviera Rentals', src: rivieraRentals },
  { name: 'Prishtina Suites', src: prishtinaSuites },
] as const;

/** Section 5: a property manager's quote and three client logos. */
export function SocialProof({ copy }: { copy: ChatbotCopy['socialProof'] }) {
  return (
    <Section id="social-proof" title={copy.title} tone="raised">
      <figure className="chatbot-quote">
        <blockquote>
          <p>“{copy.quote}”</p>
        </blockquote>
        <figcaption>— {copy.author}</figcaption>
      </figure>
      <ul className="chatbot-logos" aria-label={copy.logosLabel}>
        {CLIENT_LOGOS.map((logo) => (
          <li key={logo.name}>
            <img src={logo.src} alt={logo.name} width={220} height={64} loading="lazy" />
          </li>
        ))}
      </ul>
    </Section>
  );
}
