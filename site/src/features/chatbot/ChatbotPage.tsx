import { useState } from 'react';
import { chatbotCopy, HTML_LANG, type Lang } from '../../content/chatbot/index.ts';
import { BookingDialog } from './BookingDialog.tsx';
import { BookingNotice } from './BookingNotice.tsx';
import { ChatbotFooter } from './ChatbotFooter.tsx';
import { StickyCta } from './StickyCta.tsx';
import { TopBar } from './TopBar.tsx';
import { ChatDemo } from './sections/ChatDemo.tsx';
import { CtaSection } from './sections/CtaSection.tsx';
import { Faq } from './sections/Faq.tsx';
import { FutureVision } from './sections/FutureVision.tsx';
import { Hero } from './sections/Hero.tsx';
import { SocialProof } from './sections/SocialProof.tsx';
import { Transformation } from './sections/Transformation.tsx';
import { useDocumentLang } from './useDocumentLang.ts';
import './chatbot.css';
import './overlays.css';

/** /chatbot: the AI chat assistant page for short-term rental managers, in English or Albanian. */
export function ChatbotPage() {
  // Spec §4: held only in page state, not persisted; English first.
  const [lang, setLang] = useState<Lang>('en');
  const [bookingOpen, setBookingOpen] = useState(false);
  const [bookedSlot, setBookedSlot] = useState<string>();
  const copy = chatbotCopy[lang];
  useDocumentLang(HTML_LANG[lang], copy.meta.title);

  const openBooking = () => setBookingOpen(true);

  return (
    <div className="chatbot" lang={HTML_LANG[lang]}>
      <a className="skip-link" href="#chatbot-main">
        {copy.topBar.skipToContent}
      </a>
      <TopBar copy={copy} lang={lang} onLangChange={setLang} onBookDemo={openBooking} />
      <main id="chatbot-main" tabIndex={-1}>
        <Hero copy={copy.hero} onBook={openBooking} />
        <Transformation copy={copy.transformation} />
        <ChatDemo copy={copy.chatDemo} lang={lang} />
        <CtaSection copy={copy.cta} onBook={openBooking} />
        <SocialProof copy={copy.socialProof} />
        <FutureVision copy={copy.futureVision} opensInNewTab={copy.common.opensInNewTab} />
        <Faq copy={copy.faq} />
      </main>
      <ChatbotFooter copy={copy.footer} />
      <BookingDialog
        copy={copy.booking}
        lang={lang}
        opensInNewTab={copy.common.opensInNewTab}
        open={bookingOpen}
        onOpenChange={setBookingOpen}
        onSubmitted={setBookedSlot}
      />
      <BookingNotice copy={copy.booking} slot={bookedSlot} onDismiss={() => setBookedSlot(undefined)} />
      <StickyCta copy={copy.stickyCTA} opensInNewTab={copy.common.opensInNewTab} />
    </div>
  );
}
