import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatbotCopy } from '../../../content/chatbot/index.ts';
import { ChatDemo } from './ChatDemo.tsx';

const copy = chatbotCopy.en.chatDemo;
const script = copy.demoConversation;

const bubbles = () => within(screen.getByRole('log')).queryAllByRole('listitem');
const typing = () => document.querySelector('.chat-typing');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** Lets time pass in 100 ms ticks, so React commits and re-arms the loop's next timer between them. */
const play = (ms: number) => {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) advance(Math.min(100, ms - elapsed));
};

/** A controllable IntersectionObserver: `setVisible` reports the chat window in or out of view. */
function stubIntersectionObserver() {
  let callback: IntersectionObserverCallback = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe() {}
      disconnect() {}
    },
  );
  return (visible: boolean) =>
    act(() =>
      callback([{ isIntersecting: visible } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
}

function setTabHidden(hidden: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  act(() => document.dispatchEvent(new Event('visibilitychange')));
}

describe('chat demo loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits 2000 ms, types for 1500 ms, then adds each message, one at a time', () => {
    render(<ChatDemo copy={copy} lang="en" />);
    expect(screen.getByRole('log')).toHaveAttribute('aria-live', 'polite');
    expect(bubbles()).toHaveLength(0);

    advance(1999);
    expect(typing()).toBeNull();
    advance(1);
    expect(typing()).not.toBeNull();
    advance(1499);
    expect(bubbles()).toHaveLength(0);
    advance(1);
    expect(typing()).toBeNull();
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]).toHaveTextContent(script[0]!.text);

    advance(1999);
    expect(typing()).toBeNull();
    expect(bubbles()).toHaveLength(1);
    advance(1);
    expect(typing()).not.toBeNull();
    advance(1500);
    expect(bubbles()).toHaveLength(2);
  });

  it('clears 8000 ms after the last message and starts again', () => {
    render(<ChatDemo copy={copy} lang="en" />);
    play(script.length * 3500);
    expect(bubbles()).toHaveLength(script.length);

    advance(7999);
    expect(bubbles()).toHaveLength(script.length);
    advance(1);
    expect(bubbles()).toHaveLength(0);

    advance(1999);
    expect(typing()).toBeNull();
    advance(1);
    expect(typing()).not.toBeNull();
    advance(1500);
    expect(bubbles()).toHaveLength(1);
  });

  it('shows an image message and a link preview', () => {
    render(<ChatDemo copy={copy} lang="en" />);
    play(script.length * 3500);
    const image = script.find((m) => m.isImage)!;
    expect(screen.getByRole('img', { name: image.imageAlt })).toHaveAttribute('src', image.text);
    const link = script.find((m) => m.isLink)!;
    expect(screen.getByText(link.linkTitle!)).toBeInTheDocument();
    expect(screen.getByText(link.linkDescription!)).toBeInTheDocument();
  });

  it('pauses while the window is off-screen', () => {
    const setVisible = stubIntersectionObserver();
    render(<ChatDemo copy={copy} lang="en" />);
    play(60_000);
    expect(bubbles()).toHaveLength(0);

    setVisible(true);
    play(3500);
    expect(bubbles()).toHaveLength(1);

    setVisible(false);
    play(60_000);
    expect(bubbles()).toHaveLength(1);
    setVisible(true);
    play(3500);
    expect(bubbles()).toHaveLength(2);
  });

  it('pauses while the tab is hidden', () => {
    render(<ChatDemo copy={copy} lang="en" />);
    play(3500);
    expect(bubbles()).toHaveLength(1);

    setTabHidden(true);
    play(60_000);
    expect(bubbles()).toHaveLength(1);

    setTabHidden(false);
    play(3500);
    expect(bubbles()).toHaveLength(2);
  });

  it('shows the whole transcript at once, without typing, under reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(<ChatDemo copy={copy} lang="en" />);
    expect(bubbles()).toHaveLength(script.length);
    play(60_000);
    expect(bubbles()).toHaveLength(script.length);
    expect(typing()).toBeNull();
  });

  it('plays the script in the chosen language', () => {
    const { rerender } = render(<ChatDemo copy={copy} lang="en" />);
    play(3500);
    rerender(<ChatDemo copy={chatbotCopy.al.chatDemo} lang="al" />);
    expect(bubbles()[0]).toHaveTextContent(chatbotCopy.al.chatDemo.demoConversation[0]!.text);
  });
});
