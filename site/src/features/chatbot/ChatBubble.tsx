import { HTML_LANG, type DemoMessage, type Lang } from '../../content/chatbot/index.ts';
import { ReadTicks } from './icons.tsx';

interface ChatBubbleProps {
  message: DemoMessage;
  /** Who sent it, for screen readers ("Guest", "AI assistant"). */
  sender: string;
  /** When it appeared (ms since epoch); the static transcript has no times. */
  shownAt: number | undefined;
  lang: Lang;
}

// Albanian readers use a 24-hour clock; CLDR's default for sq is 12-hour with "e paradites".
const formatTime = (at: number, lang: Lang) =>
  new Intl.DateTimeFormat(HTML_LANG[lang], {
    hour: '2-digit',
    minute: '2-digit',
    ...(lang === 'al' ? { hourCycle: 'h23' as const } : {}),
  }).format(at);

/** One message: text, an image, or text with a link preview card. */
export function ChatBubble({ message, sender, shownAt, lang }: ChatBubbleProps) {
  return (
    <li className={`chat-bubble chat-bubble--${message.type}`}>
      <span className="visually-hidden">{sender}: </span>
      {message.isImage ? (
        <img
          className="chat-bubble__image"
          src={message.text}
          alt={message.imageAlt ?? ''}
          width={240}
          height={150}
          loading="lazy"
        />
      ) : (
        <>
          {message.isLink && (
            <span className="chat-link">
              <span className="chat-link__title">{message.linkTitle}</span>
              <span className="chat-link__description">{message.linkDescription}</span>
            </span>
          )}
          <span className="chat-bubble__text">{message.text}</span>
        </>
      )}
      {shownAt !== undefined && (
        <span className="chat-bubble__meta">
          <time dateTime={new Date(shownAt).toISOString()}>{formatTime(shownAt, lang)}</time>
          {message.type === 'user' && <ReadTicks />}
        </span>
      )}
    </li>
  );
}
