import { useEffect, useState } from 'react';

export const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Seconds since `since`, ticking once a second while mounted. */
export function CallTimer({ since }: { since: string }) {
  const start = Date.parse(since);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  return (
    // A label needs a role to be allowed (axe aria-prohibited-attr); a timer's is not read out each tick.
    <span role="timer" className="call-timer" aria-label={`Call time ${formatDuration(seconds)}`}>
      <span aria-hidden="true">{formatDuration(seconds)}</span>
    </span>
  );
}
