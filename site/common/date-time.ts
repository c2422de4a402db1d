/**
 * The site's one date/time formatter: every date a person reads (lead pages, booking slots,
 * the Leads panel, the call panels) goes through here, in that person's language and time zone.
 */

/** The site's languages: English (Australian conventions) and Albanian. */
export type DateLang = 'en' | 'sq';

export type DateTimeStyle =
  /** 'Tue, 24 Nov 2026, 2:00 pm' — a moment in a list or table. */
  | 'date-time'
  /** 'Tuesday, 24 November 2026 at 2:00 pm' — a moment in a sentence (confirmations). */
  | 'full'
  /** 'Tuesday, 24 Nov · 2:00 pm' — a booking slot. */
  | 'slot'
  /** '24 Nov 2026' */
  | 'date'
  /** '2:00 pm' */
  | 'time';

export interface DateTimeOptions {
  lang?: DateLang;
  /** IANA zone ('Australia/Sydney'); unset or invalid: the zone of the runtime (the browser's). */
  timeZone?: string | null | undefined;
  style?: DateTimeStyle;
  /** Append the zone's name ("(Australia/Sydney)") when one was given. */
  showZone?: boolean;
}

const LOCALE: Record<DateLang, string> = { en: 'en-AU', sq: 'sq-AL' };

const STYLES: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  'date-time': {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  full: { dateStyle: 'full', timeStyle: 'short' },
  slot: { weekday: 'long', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
};

/** Albanian readers expect a 24-hour clock (CLDR's default for sq is 12-hour with "e paradites"). */
const clock = (lang: DateLang): Intl.DateTimeFormatOptions =>
  lang === 'sq' ? { hourCycle: 'h23' } : { hour12: true };

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: DateLang, style: DateTimeStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${lang}|${style}|${timeZone ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    const options = STYLES[style];
    const hasTime = 'hour' in options || 'timeStyle' in options;
    format = new Intl.DateTimeFormat(LOCALE[lang], {
      ...options,
      ...(hasTime ? clock(lang) : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    cache.set(key, format);
  }
  return format;
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formats an ISO string, epoch milliseconds or Date. Missing or unreadable values read '—';
 * an unknown zone falls back to the runtime's zone rather than throwing in a render.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  options: DateTimeOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const lang = options.lang ?? 'en';
  const zone = options.timeZone && isTimeZone(options.timeZone) ? options.timeZone : undefined;
  const style = options.style ?? 'date-time';
  if (style === 'time' && !zone) return clockTime(date, lang);
  const parts = formatter(lang, style, zone).formatToParts(date);
  // A slot reads 'weekday, day month · time': the date and the time apart at a glance.
  const text = style === 'slot' ? joinSlot(parts) : parts.map((part) => part.value).join('');
  // ICU puts U+202F before 'pm'; a plain space reads the same and matches typed or searched text.
  const plain = text.replace(/\u202f/g, ' ');
  return options.showZone && zone ? `${plain} (${zone})` : plain;
}

/**
 * 'time' in the runtime's own zone, read off the Date rather than Intl: the first
 * Intl.DateTimeFormat a page makes loads the locale's data (20–45 ms measured in Chromium on
 * this machine, four times that on Lighthouse's phone), and /demo's welcome message would pay
 * it inside the render that paints the page. Same text as Intl's (date-time.test.ts compares
 * every minute of the day in both languages).
 */
function clockTime(date: Date, lang: DateLang): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  if (lang === 'sq') return `${String(hours).padStart(2, '0')}:${minutes}`;
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

function joinSlot(parts: Intl.DateTimeFormatPart[]): string {
  const firstTime = parts.findIndex((part) => part.type === 'hour');
  const datePart = parts
    .slice(0, firstTime)
    .map((p) => p.value)
    .join('')
    .replace(/[\s,]+(at|në|ne)?\s*$/u, '');
  const timePart = parts
    .slice(firstTime)
    .map((p) => p.value)
    .join('');
  return `${datePart} · ${timePart}`;
}

/** The runtime's IANA zone (in a browser, the visitor's), if it says. */
export function localTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
