import type { Image, IndustryKey, Stat, TitledItem } from './types.ts';

/** Everything the home page (/) says, in page order (spec §2 Home, §3 Plans/Integrations, §9). */

export const hero = {
  eyebrow: 'AI voice receptionist for Australian businesses',
  headline: 'Your AI Receptionist, On 24/7',
  tagline: '24/7 Answering | Pre-Qualifies Leads | No Hiring Needed',
  lead: 'Voxdesk answers every call to your clinic, firm or trade business, books the appointment and sends the details to your team — day, night and weekend.',
  cta: 'Book a Call',
  secondaryCta: 'Try Demo',
} as const;

export const intro = {
  title: 'A receptionist that picks up on the first ring, every time',
  body: 'Callers hear a friendly, natural voice that knows your services, your hours and your booking rules. It handles the routine work and hands the rest to your people.',
  duties: [
    'Answers calls 24/7, including after hours and on weekends',
    'Books, reschedules and cancels appointments',
    'Answers frequently asked questions',
    'Pre-qualifies leads and filters out time-wasters',
    'Escalates urgent calls to a human',
    'Sends SMS follow-ups to callers who hang up',
  ],
} as const;

export const integrations = {
  title: 'Works with the tools you already use',
  intro:
    'Connect your booking system, CRM or practice management software — or run everything from the standalone dashboard.',
  /** The 14 integrations (spec §3), in marquee order. */
  names: [
    'Google Workspace',
    'Google Calendar',
    'Google Meet',
    'Microsoft Teams',
    'Office Suite',
    'Twilio',
    'Slack',
    'Airtable',
    'GoHighLevel',
    'HubSpot',
    'Calendly',
    'Zoho',
    'Sales Force',
    'GitHub',
  ],
} as const;

export interface UseCase {
  key: IndustryKey;
  label: string;
  summary: string;
  description: string;
  link: string;
  image: Image;
}

export const useCases = {
  title: 'Built for the businesses that live on the phone',
  intro: 'Pick your industry to see what the receptionist handles for you, and hear it take a call.',
  learnMore: 'Learn More',
  items: [
    {
      key: 'health-clinics',
      label: 'Health Clinics',
      summary: 'Patients book, reschedule and get answers without waiting on hold.',
      description:
        'The receptionist books and moves appointments in your practice management software, answers questions about hours, fees and locations, and passes urgent calls to your staff — so the front desk can look after the patients in the room.',
      link: '/industries/health-clinics',
      image: {
        src: '/images/use-cases/health-clinics.svg',
        alt: 'A clinic appointment calendar filling with bookings made by phone',
        width: 560,
        height: 400,
      },
    },
    {
      key: 'law-firms',
      label: 'Law Firms',
      summary: 'Every enquiry is answered, qualified and routed before it goes cold.',
      description:
        'New enquiries are screened with your intake questions, consultations are booked straight into the right lawyer’s calendar, and existing clients reach the person they need — while your fee earners stay on billable work.',
      link: '/industries/law-firms',
      image: {
        src: '/images/use-cases/law-firms.svg',
        alt: 'A client intake form being completed during a phone call',
        width: 560,
        height: 400,
      },
    },
    {
      key: 'home-services',
      label: 'Home Services',
      summary: 'Jobs get booked while you are on the tools, on the roof or on the road.',
      description:
        'Plumbers, electricians, HVAC, pest control, cleaning and landscaping businesses capture every job: the receptionist takes the address and the problem, books a time, flags emergencies and texts callers who hang up.',
      link: '/industries/home-services',
      image: {
        src: '/images/use-cases/home-services.svg',
        alt: 'A tradesperson’s job schedule with new bookings from missed calls',
        width: 560,
        height: 400,
      },
    },
  ] satisfies UseCase[],
} as const;

export const benefits = {
  title: 'Why businesses switch to Voxdesk',
  items: [
    {
      title: 'Open 24/7',
      desc: 'Nights, weekends and public holidays are covered. Callers never hear voicemail again.',
    },
    {
      title: 'Appointments handled end to end',
      desc: 'Books, reschedules and cancels in your calendar, following your rules for each service.',
    },
    {
      title: 'Leads pre-qualified',
      desc: 'Asks your screening questions, filters out time-wasters and sends you the callers worth calling back.',
    },
    {
      title: 'Urgent calls reach a human',
      desc: 'Emergencies and sensitive calls are escalated to the right person on your team straight away.',
    },
    {
      title: 'No lead lost to a hang-up',
      desc: 'Callers who hang up get an SMS follow-up, so the conversation continues instead of going to a competitor.',
    },
    {
      title: 'No hiring needed',
      desc: 'No recruiting, rostering or training. Your team spends its time on work that needs a person.',
    },
  ] satisfies TitledItem[],
} as const;

export interface ComparisonSide {
  title: string;
  stats: Stat[];
}

/** Before/after figures exactly as spec §9 gives them. */
export const comparison = {
  title: 'Before and after your AI receptionist',
  intro: 'A typical week on the phones, without and with Voxdesk.',
  problem: {
    title: 'Without Voxdesk',
    stats: [
      { stat: '7', label: 'Out-of-hours calls' },
      { stat: '12', label: 'Canceled tasks' },
      { stat: '9', label: 'Unqualified leads' },
      { stat: '7', label: 'Missed calls' },
    ],
  } satisfies ComparisonSide,
  solution: {
    title: 'With Voxdesk',
    stats: [
      { stat: '24/7', label: 'Availability' },
      { stat: '41', label: 'Qualified leads' },
      { stat: '17', label: 'Freed-up tasks' },
      { stat: 'No', label: 'Missed calls' },
    ],
  } satisfies ComparisonSide,
} as const;

export interface Plan {
  name: string;
  audience: string;
  useCases: string[];
  features: string[];
  cta: string;
}

/** The three plans (spec §3). No prices; every CTA goes to /demo. */
export const bundles = {
  title: 'Choose your voice agent',
  intro: 'Three bundles, sized to how much of the phone work you want to hand over.',
  useCasesLabel: 'Use cases',
  featuresLabel: 'Features',
  ctaTarget: '/demo',
  plans: [
    {
      name: 'Basic Voice Agent',
      audience: 'For solo contractors or small teams',
      useCases: ['Appointment Settings', 'Customer Service'],
      features: ['Call Data + Summary', 'Call Escalation', 'Calendar Integration'],
      cta: 'Try the Demo',
    },
    {
      name: 'Advanced Voice Agent',
      audience: 'For businesses ready to automate more than calls',
      useCases: ['Lead Qualification', 'Appointment Settings', 'Customer Service'],
      features: ['Everything in Basic', 'Slack/Email Notifications', 'Tools: Price Estimator'],
      cta: 'Book a Demo',
    },
    {
      name: 'Employee Voice Agent',
      audience: 'For teams wanting a full-time-assistant feel',
      useCases: ['Multi-Service Call Handling', 'Client Follow-Ups', 'Dynamic Lead Capture'],
      features: ['Everything in Advanced', 'Customer Memory + Follow-Ups', 'Advanced Business Integration'],
      cta: "Let's Talk",
    },
  ] satisfies Plan[],
} as const;

export const howItWorks = {
  title: 'How it works',
  intro: 'Live in just days, not weeks.',
  steps: [
    {
      title: 'Build',
      desc: 'We build your receptionist around your services, hours, booking rules and the questions your callers ask.',
    },
    {
      title: 'Connect tools',
      desc: 'We connect your calendar, CRM or practice management software — or set you up on the standalone dashboard.',
    },
    {
      title: 'Go live',
      desc: 'Forward your number and start answering every call in just days, not weeks.',
    },
  ] satisfies TitledItem[],
} as const;

export const bookCall = {
  title: 'Book a 30-minute call',
  body: 'Tell us how your phones work today. We will show you what the receptionist would handle and what going live looks like for your business.',
  cta: 'Book a Call',
} as const;

export const tryIt = {
  title: 'Try It for Yourself',
  body: 'Have demo credentials from our team? Log in and talk to the receptionist live in your browser.',
  cta: 'Log in to the demo',
  link: '/login',
  /** Shown before the demo phone number when the owner sets one (DEMO_PHONE). */
  phone: 'Or call the demo receptionist now:',
} as const;
