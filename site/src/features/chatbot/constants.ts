/** Chat demo timings (spec §4, §9). */
export const CHAT_TIMING = {
  /** Pause before the typing indicator of each message. */
  beforeTypingMs: 2000,
  /** How long the typing indicator shows before the message appears. */
  typingMs: 1500,
  /** Pause after the last message before the chat clears and restarts. */
  restartMs: 8000,
} as const;

/** The sticky 'Book Free Call' button appears once the page scrolls past this share of the viewport height. */
export const STICKY_CTA_THRESHOLD = 0.5;

/** Remembers for the rest of the visit (this tab) that the visitor hid the sticky button. */
export const STICKY_CTA_DISMISSED_KEY = 'voxdesk:chatbot:sticky-cta-dismissed';
