import type { IndustryKey } from '../types.ts';

/** Who speaks a turn; also the WebVTT voice name (`<v Caller>`, `<v Receptionist>`). */
export type Speaker = 'Caller' | 'Receptionist';

/** A moment of the industry hero's picture that appears when this turn starts. */
export type SampleCallMoment = 'booking' | 'summary';

export interface DialogueTurn {
  speaker: Speaker;
  /** What the transcript shows. */
  text: string;
  /** What the voice is given instead of `text`, where spelling it out sounds better. */
  say?: string;
  /** The hero card this turn reveals (its cue id in the WebVTT file). */
  reveals?: SampleCallMoment;
}

export interface SampleCallDialogue {
  industry: IndustryKey;
  /** The business the caller rings. */
  business: string;
  turns: DialogueTurn[];
}

/**
 * The sample calls that ship with the site (issue 23), one per industry, Australian
 * businesses. site/scripts/sample-calls/render.ts turns each into
 * site/public/samples/<industry>.{webm,m4a,vtt}; the callers and cards match
 * content/hero-visuals.ts.
 */
export const sampleCallDialogues: Record<IndustryKey, SampleCallDialogue> = {
  'health-clinics': {
    industry: 'health-clinics',
    business: 'Harbourside Family Clinic',
    turns: [
      {
        speaker: 'Receptionist',
        text: 'Good evening, Harbourside Family Clinic. How can I help?',
      },
      { speaker: 'Caller', text: 'Hi, can I book a check-up for Thursday?' },
      {
        speaker: 'Receptionist',
        text: 'Of course. Before I do, is anything urgent, like chest pain or trouble breathing?',
      },
      {
        speaker: 'Caller',
        text: "No, nothing like that. It's just a general check-up, and it's my first visit.",
      },
      {
        speaker: 'Receptionist',
        text: 'Welcome. Dr Patel has 10:30 am or 2:15 pm free on Thursday.',
        say: 'Welcome. Doctor Patel has ten thirty in the morning, or two fifteen in the afternoon, free on Thursday.',
      },
      { speaker: 'Caller', text: '10:30, please.', say: 'Ten thirty, please.' },
      {
        speaker: 'Receptionist',
        text: "Done: you're booked with Dr Patel on Thursday at 10:30. Would you like a reminder by text?",
        say: "Done. You're booked with Doctor Patel on Thursday at ten thirty. Would you like a reminder by text?",
        reveals: 'booking',
      },
      { speaker: 'Caller', text: 'Yes please, text is best.' },
      {
        speaker: 'Receptionist',
        text: "Great. I've sent the clinic a summary, and you'll get a confirmation by text. See you Thursday!",
        reveals: 'summary',
      },
    ],
  },
  'law-firms': {
    industry: 'law-firms',
    business: 'Castle & Reid Lawyers',
    turns: [
      {
        speaker: 'Receptionist',
        text: "Good evening, Castle & Reid Lawyers. You've reached our after-hours line. How can I help?",
        say: "Good evening, Castle and Reid Lawyers. You've reached our after-hours line. How can I help?",
      },
      { speaker: 'Caller', text: 'Hi. I need some advice about a lease dispute with my landlord.' },
      {
        speaker: 'Receptionist',
        text: 'I can help with that. Is it a home you rent, or business premises?',
      },
      { speaker: 'Caller', text: "It's the shop I lease for my café." },
      {
        speaker: 'Receptionist',
        text: 'Thanks. Is there a deadline, such as a notice to vacate or a court date?',
      },
      { speaker: 'Caller', text: "They've sent a notice. We have about three weeks." },
      {
        speaker: 'Receptionist',
        text: 'Understood. I can book an initial consultation with our property team. Does tomorrow at 11 am suit?',
        say: 'Understood. I can book an initial consultation with our property team. Does tomorrow at eleven a m suit?',
      },
      { speaker: 'Caller', text: 'Yes, that works.' },
      {
        speaker: 'Receptionist',
        text: "You're booked for Tuesday at 11. Please email us the lease and the notice before then.",
        say: "You're booked for Tuesday at eleven. Please email us the lease and the notice before then.",
        reveals: 'booking',
      },
      { speaker: 'Caller', text: 'Will do. Thank you.' },
      {
        speaker: 'Receptionist',
        text: "You're welcome. I've sent the firm a summary of your matter. Goodbye for now.",
        reveals: 'summary',
      },
    ],
  },
  'home-services': {
    industry: 'home-services',
    business: 'Southside Plumbing & Electrical',
    turns: [
      {
        speaker: 'Receptionist',
        text: 'Good morning, Southside Plumbing & Electrical. How can I help?',
        say: 'Good morning, Southside Plumbing and Electrical. How can I help?',
      },
      { speaker: 'Caller', text: "Our hot water system just burst! There's water all over the laundry." },
      {
        speaker: 'Receptionist',
        text: "I'm sorry. First, please turn the water off at the mains. The tap is usually by the meter, near the front of the property.",
      },
      { speaker: 'Caller', text: "Okay… right, it's off now." },
      { speaker: 'Receptionist', text: 'Well done. Is any water near power points or the switchboard?' },
      { speaker: 'Caller', text: "No, it's just on the floor." },
      {
        speaker: 'Receptionist',
        text: "Good. I'm marking this urgent. A plumber can be there at 8 am. Shall I book that?",
        say: "Good. I'm marking this urgent. A plumber can be there at eight a m. Shall I book that?",
      },
      {
        speaker: 'Caller',
        text: 'Yes please. 12 Banksia Street, Marrickville.',
        say: 'Yes please. Twelve Banksia Street, Marrickville.',
      },
      {
        speaker: 'Receptionist',
        text: "Booked for 8 am at 12 Banksia Street. I've alerted our on-call technician, and you'll get a text when they're on the way.",
        say: "Booked for eight a m at twelve Banksia Street. I've alerted our on-call technician, and you'll get a text when they're on the way.",
        reveals: 'booking',
      },
      { speaker: 'Caller', text: 'Thank you so much.' },
      {
        speaker: 'Receptionist',
        text: 'No worries. A summary is with the team. Goodbye.',
        reveals: 'summary',
      },
    ],
  },
};
