import type { ChatbotCopy } from '../../content/chatbot/index.ts';
import { BRAND } from '../../content/site.ts';
import { LogoMark } from '../../shared/brand/Logo.tsx';

/** The footer: logo, tagline and a decorative divider. */
export function ChatbotFooter({ copy }: { copy: ChatbotCopy['footer'] }) {
  return (
    <footer className="chatbot-footer">
      <div className="chatbot-footer__inner container">
        <span className="chatbot-footer__brand">
          <LogoMark size={32} />
          <span>{BRAND.name}</span>
        </span>
        <p className="chatbot-footer__tagline">{copy.tagline}</p>
        <svg className="chatbot-footer__divider" viewBox="0 0 240 12" aria-hidden="true" focusable="false">
          <path
            d="M0 6c20-8 40 8 60 0s40 8 60 0 40 8 60 0 40 8 60 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </div>
    </footer>
  );
}
