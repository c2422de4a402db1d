/** /demo copy: the receptionists a visitor can call and the call card's words. */
import type { ReceptionistId } from '../shared/api-types.ts';

export type { ReceptionistId } from '../shared/api-types.ts';

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
  offline: 'Offline',
  ready: 'Ready',
  connecting: 'Connecting…',
  live: 'Live call',
  ending: 'Ending…',
  ended: 'Call ended',
  failed: 'Call failed',
} as const;

export const OFFLINE_MESSAGE = 'The live demo is offline right now — book a call instead.';
export const OFFLINE_ADMIN_HINT = 'Admins only: the server is missing these settings:';
