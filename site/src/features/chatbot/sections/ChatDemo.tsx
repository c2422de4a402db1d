import { useRef } from 'react';
import type { ChatbotCopy, Lang } from '../../../content/chatbot/index.ts';
import { Section } from '../../../shared/ui/Section.tsx';
import { ChatBubble } from '../ChatBubble.tsx';
import { useOnScreen, usePageVisible, usePrefersReducedMotion } from '../hooks.ts';
import { useChatLoop } from '../useChatLoop.ts';
import './chat-window.css';

interface ChatDemoProps {
  copy: ChatbotCopy['chatDemo'];
  lang: Lang;
}

/**
 * Section 3: a WhatsApp-style window playing the scripted guest conversation. It plays only
 * while on screen in a visible tab; under reduced motion (and before hydration) the whole
 * transcript is shown at once.
 */
export function ChatDemo({ copy, lang }: ChatDemoProps) {
  const windowRef = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(windowRef);
  const pageVisible = usePageVisible();
  const reducedMotion = usePrefersReducedMotion();
  const messages = copy.demoConversation;
  const loop = useChatLoop(messages.length, { animated: !reducedMotion, running: onScreen && pageVisible });
  const typingFor = loop.typing ? messages[loop.shown] : undefined;

  return (
    <Section id="chat-demo" title={copy.title} intro={copy.subtitle}>
      <div className="chat-window" ref={windowRef}>
        <div className="chat-window__header">
          <span className="chat-window__avatar" aria-hidden="true">
            AI
          </span>
          <span className="chat-window__contact">
            <span className="chat-window__name">{copy.contactName}</span>
            <span className="chat-window__status">
              {typingFor?.type === 'bot' ? copy.typing : copy.contactStatus}
            </span>
          </span>
        </div>
        <div
          className={`chat-window__body${reducedMotion ? '' : ' chat-window__body--live'}`}
          role="log"
          aria-live="polite"
          aria-label={copy.windowLabel}
        >
          <ol className="chat-window__messages">
            {messages.slice(0, loop.shown).map((message, index) => (
              <ChatBubble
                key={`${loop.round}-${index}`}
                message={message}
                sender={message.type === 'bot' ? copy.assistantLabel : copy.guestLabel}
                shownAt={loop.timestamps[index]}
                lang={lang}
              />
            ))}
          </ol>
          {typingFor && (
            <div className={`chat-typing chat-typing--${typingFor.type}`} aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
          )}
        </div>
      </div>
    </Section>
  );
}
