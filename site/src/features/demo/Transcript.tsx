import { useEffect, useRef } from 'react';
import type { CallState } from './call-state.ts';
import { formatDateTime } from '../../../common/date-time.ts';

export const EMPTY_TRANSCRIPT = 'No messages yet. Start a conversation to begin.';

const speaker = { assistant: 'Assistant', user: 'You', error: 'Error', system: 'System' } as const;

/** The conversation panel (300 px, spec §9); keeps the newest message in view. */
export function Transcript({ messages, partial }: Pick<CallState, 'messages' | 'partial'>) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = panel.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, partial]);

  const empty = messages.length === 0 && !partial;
  return (
    <div
      ref={panel}
      className="transcript"
      role="log"
      aria-label="Conversation transcript"
      aria-live="polite"
      tabIndex={0}
    >
      {empty && <p className="transcript-empty">{EMPTY_TRANSCRIPT}</p>}
      {messages.map((message) => (
        <div key={message.id} className={`transcript-message transcript-${message.role}`}>
          <span className="transcript-speaker">{speaker[message.role]}</span>
          <p>{message.content}</p>
          <time dateTime={message.timestamp}>{formatDateTime(message.timestamp, { style: 'time' })}</time>
        </div>
      ))}
      {partial && (
        <div className={`transcript-message transcript-${partial.role} transcript-partial`}>
          <span className="transcript-speaker">{speaker[partial.role]}</span>
          <p>{partial.content}</p>
        </div>
      )}
    </div>
  );
}
