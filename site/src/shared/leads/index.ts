export { LeadSender, type LeadInput, type LeadResult } from './lead-api.ts';
export { nextWorkingDaySlots, slotLabel, SLOT_HOURS, visitorTimeZone, type Slot } from './slots.ts';
export { Honeypot } from './Honeypot.tsx';
