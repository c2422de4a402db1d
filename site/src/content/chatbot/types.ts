/** The two languages of /chatbot: English (default) and Albanian. */
export type Lang = 'en' | 'al';

export const LANGS = ['en', 'al'] as const satisfies readonly Lang[];

/** BCP 47 tags for `<html lang>`: Albanian is `sq` (AL is the country code, not a language). */
export const HTML_LANG: Record<Lang, string> = { en: 'en', al: 'sq' };

/** One scripted message of the chat demo (spec §3); id and timestamp are added at display time. */
export interface DemoMessage {
  type: 'bot' | 'user';
  /** The message text; for an image message, the image URL. */
  text: string;
  isImage?: boolean;
  /** Describes an image message for screen readers. */
  imageAlt?: string;
  isLink?: boolean;
  linkTitle?: string;
  linkDescription?: string;
}

/** Keeps a conversation typed as DemoMessage[] inside an inferred copy object. */
export const conversation = (messages: DemoMessage[]): DemoMessage[] => messages;

/** The chat demo's photo of the building entrance, served from site/public (same in both languages). */
export const CHAT_IMAGE_ENTRANCE = '/chatbot/entrance.svg';
