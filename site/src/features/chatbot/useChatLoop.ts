import { useEffect, useState } from 'react';
import { CHAT_TIMING } from './constants.ts';

export interface ChatLoopState {
  /** How many messages of the script are on screen. */
  shown: number;
  /** Whether the typing indicator for the next message is showing. */
  typing: boolean;
  /** Increments on every restart, so message ids stay unique across loops. */
  round: number;
  /** When each shown message appeared (ms since epoch); empty for the static transcript. */
  timestamps: number[];
}

const start = (round: number): ChatLoopState => ({ shown: 0, typing: false, round, timestamps: [] });

/** The next step of the loop and how long to wait for it: wait → typing → message, …, pause → restart. */
export function nextStep(
  state: ChatLoopState,
  total: number,
  now: number,
): { delay: number; next: ChatLoopState } {
  if (state.typing) {
    return {
      delay: CHAT_TIMING.typingMs,
      next: { ...state, shown: state.shown + 1, typing: false, timestamps: [...state.timestamps, now] },
    };
  }
  if (state.shown < total) return { delay: CHAT_TIMING.beforeTypingMs, next: { ...state, typing: true } };
  return { delay: CHAT_TIMING.restartMs, next: start(state.round + 1) };
}

/**
 * Plays a scripted chat of `total` messages one at a time, forever, while `running`. Pausing
 * drops the pending timer; resuming waits the current step's full delay again. When not
 * `animated` (reduced motion, or before hydration) the whole transcript shows at once.
 */
export function useChatLoop(total: number, { animated, running }: { animated: boolean; running: boolean }) {
  const [state, setState] = useState<ChatLoopState>(() => start(0));

  useEffect(() => {
    if (!animated || !running || total === 0) return;
    // The step's target is computed when the timer fires, so the timestamp is the display time.
    const { delay } = nextStep(state, total, 0);
    const timer = window.setTimeout(
      () => setState((current) => nextStep(current, total, Date.now()).next),
      delay,
    );
    return () => window.clearTimeout(timer);
  }, [animated, running, state, total]);

  if (!animated)
    return { shown: total, typing: false, round: state.round, timestamps: [] } satisfies ChatLoopState;
  return state;
}
