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
});
