/** /demo copy: the receptionists a visitor can call and the call card's words. */
import type { ReceptionistId } from '../../contract/api-types.ts';

export type { ReceptionistId } from '../../contract/api-types.ts';

export const RECEPTIONISTS: Record<ReceptionistId, { name: string; description: string; tryThis: string }> = {
  'health-clinics': {
    name: 'Health clinic',
    description: 'Books, moves and cancels patient appointments.',
    tryThis: 'Try: "Book a check-up for Thursday morning."',
  },
  'law-firms': {
    name: 'Law firm',
    description: 'Takes new-client enquiries and books consultations.',
    tryThis: 'Try: "I need advice about a lease dispute. Can I see someone this week?"',
  },
  'home-services': {
    name: 'Home services',
    description: 'Quotes and books jobs, and flags emergencies.',
    tryThis: 'Try: "My hot water system is leaking. Can someone come today?"',
  },
};

export const CARD_STATE_LABELS = {
  loading: 'Getting ready',
  ready: 'Ready',
  connecting: 'Connecting…',
  live: 'Live call',
  ending: 'Ending…',
  ended: 'Call ended',
  failed: 'Call failed',
} as const;

export const PREVIEW_BADGE = 'Preview';
/** Shown before Start: the owner keeps each call's report, transcript and recording to follow up. */
export const CONSENT_LINE =
  'Calls may be recorded and transcribed, and the owner of this site keeps the report to follow up with you.';
export const PREVIEW_TITLE = 'Preview call';
export const PREVIEW_MESSAGE =
  'Live calls are not switched on here yet, so this is a preview: Start plays a recorded example call with the receptionist you pick (synthesised voices), through the same call card.';
export const PREVIEW_ADMIN_HINT = 'Admins only: to make the demo live, set these settings:';
