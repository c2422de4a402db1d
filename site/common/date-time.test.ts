// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime as format, isTimeZone, type DateTimeOptions } from './date-time.ts';

// ICU puts a narrow no-break space before 'pm'; compare as plain text.
const formatDateTime = (value: Parameters<typeof format>[0], options?: DateTimeOptions) =>
  format(value, options).replace(/[\u202f\u00a0]/g, ' ');

const at = '2026-11-24T03:00:00Z'; // 14:00 in Sydney (AEDT), 04:00 in Tirana

describe('formatDateTime', () => {
  it('formats in the given zone and language, Albanian on a 24-hour clock', () => {
    expect(formatDateTime(at, { timeZone: 'Australia/Sydney' })).toBe('Tue, 24 Nov 2026, 2:00 pm');
    expect(formatDateTime(at, { timeZone: 'Europe/Tirane', lang: 'sq' })).toBe('mar, 24 nën 2026, 04:00');
    expect(formatDateTime(at, { timeZone: 'Australia/Sydney', lang: 'sq', style: 'time' })).toBe('14:00');
  });

  it('reads a slot as date · time and can name the zone', () => {
    expect(formatDateTime(at, { timeZone: 'Australia/Sydney', style: 'slot' })).toBe(
      'Tuesday 24 Nov · 2:00 pm',
    );
    expect(formatDateTime(at, { timeZone: 'Europe/Tirane', style: 'slot', lang: 'sq' })).toBe(
      'e martë, 24 nën · 04:00',
    );
    expect(formatDateTime(at, { timeZone: 'Australia/Sydney', showZone: true })).toBe(
      'Tue, 24 Nov 2026, 2:00 pm (Australia/Sydney)',
    );
  });

  it('accepts a Date or epoch milliseconds, and reads missing or broken values as a dash', () => {
    const zone = { timeZone: 'UTC' };
    expect(formatDateTime(new Date(at), zone)).toBe(formatDateTime(Date.parse(at), zone));
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('falls back to the runtime zone for an unknown one instead of throwing in a render', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(formatDateTime(at, { timeZone: 'Mars/Olympus', showZone: true })).toBe(formatDateTime(at));
  });

  it("reads 'time' in the runtime zone as Intl does, every minute of the day, without Intl", () => {
    // The reference is Intl itself; formatDateTime takes its own path for this style.
    const intl = {
      en: new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', hour12: true }),
      sq: new Intl.DateTimeFormat('sq-AL', { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }),
    };
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    for (let minute = 0; minute < 24 * 60; minute++) {
      const date = new Date(2026, 10, 24, 0, minute);
      for (const lang of ['en', 'sq'] as const)
        expect(format(date, { lang, style: 'time' }), `${lang} ${date.toString()}`).toBe(
          plain(intl[lang].format(date)),
        );
    }
  });
});
