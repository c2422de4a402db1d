import { useEffect, useState } from 'react';
import type { ChatbotCopy } from '../../content/chatbot/index.ts';
import { buttonClass } from '../../shared/ui/Button.tsx';
import { STICKY_CTA_DISMISSED_KEY, STICKY_CTA_THRESHOLD } from './constants.ts';
import { SchedulingLink } from './ExternalLink.tsx';
import { useAnyOnScreen, useScrolledPast } from './hooks.ts';
import { CloseIcon } from './icons.tsx';

const readDismissed = () => {
  try {
    return sessionStorage.getItem(STICKY_CTA_DISMISSED_KEY) === '1';
  } catch {
    return false; // storage blocked: the button simply comes back on the next visit
  }
};

const rememberDismissed = () => {
  try {
    sessionStorage.setItem(STICKY_CTA_DISMISSED_KEY, '1');
  } catch {
    // storage blocked: hidden for this page view only
  }
};

interface StickyCtaProps {
  copy: ChatbotCopy['stickyCTA'];
  opensInNewTab: string;
}

/** While these are on screen the floating button steps aside: they have their own button, or end the page. */
const STEP_ASIDE_FOR = '#book-call .chatbot-center, .chatbot-footer';

/**
 * 'Book Free Call', floating once the page has scrolled past half the viewport height. Its
 * close button hides it for the rest of the visit. It steps aside while the CTA section's
 * own button or the footer is in view, so it never covers them (on phones it spans them).
 */
export function StickyCta({ copy, opensInNewTab }: StickyCtaProps) {
  const scrolledPast = useScrolledPast(STICKY_CTA_THRESHOLD);
  const covering = useAnyOnScreen(STEP_ASIDE_FOR);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (readDismissed()) setDismissed(true);
  }, []);

  if (!scrolledPast || dismissed || covering) return null;

  const dismiss = () => {
    rememberDismissed();
    setDismissed(true);
  };

  return (
    <div className="chatbot-sticky">
      <SchedulingLink
        className={buttonClass({ size: 'lg' }, 'chatbot-sticky__link')}
        opensInNewTab={opensInNewTab}
      >
        {copy.button}
      </SchedulingLink>
      <button type="button" className="chatbot-sticky__hide" onClick={dismiss}>
        <CloseIcon />
        <span className="visually-hidden">{copy.hide}</span>
      </button>
    </div>
  );
}
