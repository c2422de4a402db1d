// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextWorkingDaySlots, slotLabel } from './slots.ts';

// Node applies a changed TZ at once: the slots are computed in the "visitor's" zone.
const originalTz = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Tirane';
});
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const local = (slots: { start: Date }[]) =>
  slots.map(({ start }) =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start),
  );

describe('nextWorkingDaySlots', () => {
  it('on a Monday: Tuesday to Friday at 14:00, 10:00, 15:00, 11:00 local time', () => {
    const slots = nextWorkingDaySlots(new Date('2026-11-23T09:30:00+01:00'));
    expect(local(slots)).toEqual([
      'Tue 24/11, 14:00',
      'Wed 25/11, 10:00',
      'Thu 26/11, 15:00',
      'Fri 27/11, 11:00',
    ]);
    expect(slots[0]!.value).toBe('2026-11-24T13:00:00.000Z');
  });

  it('on a Thursday late at night: skips the weekend', () => {
    const slots = nextWorkingDaySlots(new Date('2026-11-26T23:59:00+01:00'));
    expect(local(slots)).toEqual([
      'Fri 27/11, 14:00',
      'Mon 30/11, 10:00',
      'Tue 01/12, 15:00',
      'Wed 02/12, 11:00',
    ]);
  });

  it('on a Saturday: Monday to Thursday, across a month and a year end', () => {
    const slots = nextWorkingDaySlots(new Date('2026-12-26T10:00:00+01:00'));
    expect(local(slots)).toEqual([
      'Mon 28/12, 14:00',
      'Tue 29/12, 10:00',
      'Wed 30/12, 15:00',
      'Thu 31/12, 11:00',
    ]);
  });

  it('across the change to summer time the wall-clock hour stays (UTC offset moves)', () => {
    // 2027-03-28 is the last Sunday of March: clocks go forward in Tirana.
    const slots = nextWorkingDaySlots(new Date('2027-03-26T12:00:00+01:00'));
    expect(local(slots)).toEqual([
      'Mon 29/03, 14:00',
      'Tue 30/03, 10:00',
      'Wed 31/03, 15:00',
      'Thu 01/04, 11:00',
    ]);
    expect(slots[0]!.value).toBe('2027-03-29T12:00:00.000Z');
  });

  it("in another zone the same instant gives that zone's days", () => {
    process.env.TZ = 'Australia/Sydney';
    // Monday 23:30 in Tirana is already Tuesday morning in Sydney.
    const slots = nextWorkingDaySlots(new Date('2026-11-23T22:30:00Z'));
    expect(local(slots)[0]).toBe('Wed 25/11, 14:00');
  });
});

describe('slotLabel', () => {
  it('shows the date with the time: 12-hour in English, 24-hour in Albanian', () => {
    const start = new Date('2026-11-24T13:00:00Z');
    expect(slotLabel(start, 'en')).toMatch(/^Tuesday,? 24 Nov\.? · 2:00\s?pm$/i);
    expect(slotLabel(start, 'sq')).toMatch(/^e martë,? 24 nën\.? · 14:00$/);
  });
});
