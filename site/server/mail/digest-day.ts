// Which day a daily digest covers, in the owner's time zone: the 24 hours up to the digest hour
// of the latest local day that reached it. Pure date arithmetic, with the clock passed in.

export interface DigestDay {
  /** The local date the digest is sent on, `2026-11-26`: the key that makes it once a day. */
  date: string;
  /** The window, ms since the epoch: from the previous day's digest hour up to this one's. */
  start: number;
  end: number;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function localTime(instant: number, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The instant the zone's clocks read `hour`:00 on that local date (DST: the first such, or just after a gap). */
function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const wanted = Date.UTC(year, month - 1, day, hour);
  let guess = wanted;
  // Two corrections settle any offset, a DST change between guess and answer included.
  for (let i = 0; i < 2; i++) {
    const seen = localTime(guess, timeZone);
    guess += wanted - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  }
  return guess;
}

const isoDate = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);
const DAY_MS = 24 * 60 * 60_000;

/** The latest digest due at or before `now`: sent at `hour` on its local date, in `timeZone`. */
export function dueDigestDay(now: number, hour: number, timeZone: string): DigestDay {
  const today = localTime(now, timeZone);
  let date = Date.UTC(today.year, today.month - 1, today.day);
  const at = (utcMidnight: number) => {
    const d = new Date(utcMidnight);
    return zonedInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour, timeZone);
  };
  if (at(date) > now) date -= DAY_MS;
  return { date: isoDate(date), start: at(date - DAY_MS), end: at(date) };
}
