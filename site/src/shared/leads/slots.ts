/**
 * The booking dialog's four slots: the next four working days (Monday to Friday) after
 * today, in the visitor's own time zone, at the spec's times of day (2 PM, 10 AM, 3 PM,
 * 11 AM), the first preselected. Computed in the browser from the local clock.
 */
import { formatDateTime, localTimeZone } from '../../../common/date-time.ts';

export const SLOT_HOURS = [14, 10, 15, 11] as const;

export interface Slot {
  /** The slot's start as an ISO 8601 instant (what the server stores). */
  value: string;
  start: Date;
}

export function nextWorkingDaySlots(now: Date, hours: readonly number[] = SLOT_HOURS): Slot[] {
  const slots: Slot[] = [];
  for (let offset = 1; slots.length < hours.length; offset++) {
    // Local-time constructor: the visitor's calendar day and wall-clock hour, DST included.
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, hours[slots.length], 0);
    const weekday = start.getDay();
    if (weekday === 0 || weekday === 6) continue;
    slots.push({ value: start.toISOString(), start });
  }
  return slots;
}

/** The visitor's IANA time zone (what the slots are shown in), if the browser says. */
export const visitorTimeZone = localTimeZone;

/** 'Tuesday 24 Nov · 2:00 pm' / 'e martë, 24 nën · 14:00' (Albanian on a 24-hour clock). */
export function slotLabel(start: Date, locale: 'en' | 'sq'): string {
  return formatDateTime(start, { lang: locale, style: 'slot' });
}
