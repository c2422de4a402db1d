/** Small inline icons for /chatbot; all decorative (the text next to them carries the meaning). */

const common = { 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor' } as const;

function ChatBotIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="28" height="28" strokeWidth="2" strokeLinecap="round">
      <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
      <path d="M9 10h.01M15 10h.01M9.5 13c1.5 1 3.5 1 5 0" />
    </svg>
  );
}

function GlobeClockIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="28" height="28" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
    </svg>
  );
}

function StarIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="28" height="28" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

function LocalSupportIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="28" height="28" strokeWidth="2" strokeLinecap="round">
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" strokeLinejoin="round" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/** Benefit icons in their fixed order (spec §9): automation, 24/7 languages, reviews, local support. */
export const BENEFIT_ICONS = [ChatBotIcon, GlobeClockIcon, StarIcon, LocalSupportIcon] as const;

export function CheckIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="22" height="22" strokeWidth="3" strokeLinecap="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinejoin="round" />
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="32" height="32" fill="currentColor">
      <path d="M8 5.5v13l11-6.5z" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...common} viewBox="0 0 24 24" width="18" height="18" strokeWidth="2.5" strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** WhatsApp-style "read" ticks on the guest's messages. */
export function ReadTicks() {
  return (
    <svg {...common} viewBox="0 0 18 12" width="16" height="11" strokeWidth="1.6" strokeLinecap="round">
      <path d="M1 6.5l3 3L10 2.5M7 9.5l1 0.5L15 2.5" />
    </svg>
  );
}
