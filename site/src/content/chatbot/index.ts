import { al } from './al.ts';
import { en } from './en.ts';
import type { Lang } from './types.ts';

export * from './types.ts';

/** The shape every language must fill in: derived from the English copy. */
export type ChatbotCopy = typeof en;

/** All /chatbot copy, one entry per language; both must define every key. */
export const chatbotCopy = { en, al } satisfies Record<Lang, ChatbotCopy>;

/** 'Trusted by': six company names shown as text (no third-party logo files). */
export const TRUSTED_BY = ['Airbnb', 'Booking.com', 'Expedia', 'Vrbo', 'Tripadvisor', 'Agoda'] as const;
