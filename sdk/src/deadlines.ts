/**
 * Attempt timeouts on one shared timer instead of one each: Node builds and drops a timer
 * list for every `setTimeout`/`clearTimeout` pair, a measurable part of a loopback request.
 * The timer stays armed for the earliest pending deadline and is unref'd between requests, so it
 * never keeps a process alive (where timers have no `unref`, a browser, it is cleared instead).
 */
type Deadline = (ms: number, expire: () => void) => () => void;

/**
 * One timer and the deadlines it times (expire → when), on the `setTimeout` and `Date` of the
 * moment it was made: all its times are in that clock's frame.
 */
function clock(): Deadline {
  const set = setTimeout;
  const clear = clearTimeout;
  const now = Date.now;
  const pending = new Map<() => void, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer fires (Infinity: none armed). No pending deadline is before it. */
  let armedAt = Infinity;
  const arm = (at: number) => {
    clear(timer);
    armedAt = at;
    timer = set(expireDue, at - now());
  };
  // Expires what the timer was armed for (the deadline it fired at, not a reading of the
  // clock, so a clock faked apart from the timers cannot skip it) and arms it for the next.
  const expireDue = () => {
    const due = armedAt;
    let next = Infinity;
    armedAt = Infinity;
    for (const [expire, at] of pending) {
      if (at > due) next = Math.min(next, at);
      else {
        pending.delete(expire);
        expire();
      }
    }
    if (next < Infinity) arm(next);
  };
  return (ms, expire) => {
    const at = now() + ms;
    pending.set(expire, at);
    // Armed again for an earlier deadline, or when the clock jumped past the armed one.
    if (at < armedAt || armedAt < at - ms) arm(Math.min(at, armedAt));
    else (timer as { ref?: () => void }).ref?.();
    return () => {
      if (!pending.delete(expire) || pending.size) return;
      const idle = timer as { unref?: () => void };
      if (idle.unref) idle.unref();
      else {
        clear(timer);
        armedAt = Infinity;
      }
    };
  };
}

let current: Deadline | undefined;
let madeWith: [typeof setTimeout, DateConstructor] | undefined;

/**
 * Calls `expire` (a function of this call's own) in `ms` unless the returned function is
 * called first (call it when the attempt ends, however it ends). Fake timers in a test swap `setTimeout` and `Date`: a timer
 * armed on the old ones may never fire, and its times are in another frame, so a swap starts a
 * new clock (the old one still times what it holds).
 */
export function deadline(ms: number, expire: () => void): () => void {
  if (madeWith?.[0] !== setTimeout || madeWith[1] !== Date) {
    madeWith = [setTimeout, Date];
    current = clock();
  }
  return current!(ms, expire);
}
