import { useEffect, useState } from 'react';

export const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Milliseconds from `now` to the call's next whole second (a full second when `since` is unreadable). */
const untilNextSecond = (start: number, now: number) => {
  const delay = 1000 - ((((now - start) % 1000) + 1000) % 1000);
  return delay > 0 ? delay : 1000;
};

/** Seconds since `since`, ticking on the call's own second boundaries while mounted. */
export function CallTimer({ since }: { since: string }) {
  const start = Date.parse(since);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // why: a fixed 1 s interval counts from mount (the chunk loads after the call went live), so
    // the timer lagged the call by up to a second; each tick lands on the next whole second.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, untilNextSecond(start, at));
    };
    timer = setTimeout(tick, untilNextSecond(start, Date.now()));
    return () => clearTimeout(timer);
  }, [start]);
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  return (
    // A label needs a role to be allowed (axe aria-prohibited-attr); a timer's is not read out each tick.
    <span role="timer" className="call-timer" aria-label={`Call time ${formatDuration(seconds)}`}>
      <span aria-hidden="true">{formatDuration(seconds)}</span>
    </span>
  );
}
