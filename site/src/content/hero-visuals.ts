import type { IndustryKey } from './types.ts';

/** The product-style picture beside an industry or case-study hero: one call, its booking and summary. */
export interface HeroVisualContent {
  /** What the picture shows, for screen readers (the picture is one image to them). */
  label: string;
  caller: string;
  time: string;
  lines: { from: 'caller' | 'agent'; text: string }[];
  booking: { title: string; when: string };
  summary: string;
}

export const heroVisuals: Record<IndustryKey, HeroVisualContent> = {
  'health-clinics': {
    label:
      'Example call: after hours, a patient books a Thursday check-up with the AI receptionist, which then sends the clinic a summary.',
    caller: 'Sam M.',
    time: '7:42 pm',
    lines: [
      { from: 'caller', text: 'Hi, can I book a check-up for Thursday?' },
      { from: 'agent', text: 'Of course. Dr Patel has 10:30 am or 2:15 pm free.' },
      { from: 'caller', text: '10:30, please.' },
    ],
    booking: { title: 'Check-up with Dr Patel', when: 'Thu 10:30 am' },
    summary: 'New patient · prefers SMS reminders · no urgent symptoms',
  },
  'law-firms': {
    label:
      'Example call: in the evening, a prospective client books an initial consultation with the AI receptionist, which then sends the firm a summary.',
    caller: 'James K.',
    time: '9:15 pm',
    lines: [
      { from: 'caller', text: 'I need advice about a lease dispute.' },
      { from: 'agent', text: 'I can book you a consultation. Does tomorrow at 11 am suit?' },
      { from: 'caller', text: 'Yes, that works.' },
    ],
    booking: { title: 'Initial consultation · Property', when: 'Tue 11:00 am' },
    summary: 'Commercial lease dispute · documents requested by email',
  },
  'home-services': {
    label:
      'Example call: early in the morning, a homeowner reports a burst hot water system; the AI receptionist books an urgent call-out and alerts the on-call technician.',
    caller: 'Matt T.',
    time: '6:05 am',
    lines: [
      { from: 'caller', text: 'Our hot water system just burst!' },
      { from: 'agent', text: "I'm marking this urgent and booking a plumber now." },
      { from: 'caller', text: 'Thank you so much.' },
    ],
    booking: { title: 'Emergency plumbing call-out', when: 'Today 8:00 am' },
    summary: 'Urgent · burst hot water system · on-call technician notified',
  },
};
