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

const DEFAULT_PROMO_VIDEO_ID = 'M7lc1UVf-VE';

/** A YouTube video id: 11 characters of [A-Za-z0-9_-]. */
export const isVideoId = (id: string) => /^[\w-]{11}$/.test(id);

/** The promo video's id, overridable at build time with `VITE_CHATBOT_VIDEO_ID`. */
export function promoVideoId(configured: string | undefined): string {
  if (!configured) return DEFAULT_PROMO_VIDEO_ID;
  if (isVideoId(configured)) return configured;
  console.warn(
    `VITE_CHATBOT_VIDEO_ID="${configured}" is not a YouTube video id (11 letters, digits, _ or -); using the default video.`,
  );
  return DEFAULT_PROMO_VIDEO_ID;
}

/** The promo video, embedded from youtube-nocookie.com only after the visitor presses play. */
export const PROMO_VIDEO_ID = promoVideoId(import.meta.env.VITE_CHATBOT_VIDEO_ID as string | undefined);
