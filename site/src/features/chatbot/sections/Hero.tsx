import { TRUSTED_BY, type ChatbotCopy } from '../../../content/chatbot/index.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { VideoFacade } from '../VideoFacade.tsx';

interface HeroProps {
  copy: ChatbotCopy['hero'];
  onBook: () => void;
}

/** Section 1: pill, tagline, claim, promo video, the book-strategy action and 'Trusted by'. */
export function Hero({ copy, onBook }: HeroProps) {
  return (
    <section className="chatbot-hero" aria-labelledby="chatbot-hero-title">
      <div className="chatbot-hero__grid container">
        <div className="chatbot-hero__copy">
          <p className="chatbot-pill">{copy.subtitle}</p>
          <h1 id="chatbot-hero-title" className="chatbot-hero__title">
            {copy.title}
          </h1>
          <p className="chatbot-hero__description">{copy.description}</p>
          <Button size="lg" onClick={onBook}>
            {copy.bookStrategy}
          </Button>
          <p className="chatbot-hero__note">{copy.note}</p>
        </div>
        <VideoFacade title={copy.videoTitle} playLabel={copy.playVideo} />
      </div>
      <div className="chatbot-trusted container">
        <p className="chatbot-trusted__label">{copy.trustedBy}</p>
        <ul className="chatbot-trusted__names">
          {TRUSTED_BY.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
