import type { CaseStudyContent } from './types.ts';

export const homeServicesCase: CaseStudyContent = {
  key: 'home-services',
  meta: {
    title: 'Case Study: Home Services — Voxdesk',
    description:
      'How an Australian home services business with 30+ technicians went from answering 54% of calls to 93% with an AI voice receptionist.',
  },
  hero: {
    eyebrow: 'Case study · Home services',
    title: 'How a home services business answers 93% of its calls',
    subtitle:
      'With 30+ technicians in the field, the business needed every call answered and booked — day and night.',
  },
  about: {
    title: 'About the Client',
    paragraphs: [
      'An Australian home services business running 30+ technicians across residential and commercial jobs.',
      'Customers called with everything from routine service to after-hours emergencies, and a small office team could not keep up.',
    ],
    facts: [
      { stat: '30+', label: 'Technicians' },
      { stat: 'Australia', label: 'Market' },
    ],
  },
  challenges: {
    title: 'Challenges',
    items: [
      {
        title: 'Only 54% of calls answered',
        desc: 'Nearly half of all callers never reached a person, and most did not call back.',
      },
      {
        title: 'After-hours jobs lost',
        desc: 'Emergency and evening calls went to voicemail while competitors picked up.',
      },
      {
        title: 'Office drowning in admin',
        desc: 'Dispatch, call-backs and rescheduling took up most of the office team’s day.',
      },
    ],
  },
  objectives: {
    title: 'Objectives',
    items: [
      'Answer every call, including after hours',
      'Book jobs directly into the technicians’ schedule',
      'Escalate genuine emergencies to the on-call technician',
      'Cut the office team’s phone admin',
    ],
  },
  solution: {
    title: 'Solution',
    items: [
      {
        title: 'A 24/7 AI receptionist',
        desc: 'Every call is answered, the job details captured and the visit booked.',
      },
      {
        title: 'Emergency escalation',
        desc: 'Urgent jobs are routed straight to the technician on call.',
      },
      {
        title: 'Lead pre-qualification',
        desc: 'Callers outside the service area or job types are filtered out before they reach the team.',
      },
      {
        title: 'SMS follow-ups',
        desc: 'Anyone who hangs up gets a text, so the job is not lost to a competitor.',
      },
    ],
  },
  outcome: {
    title: 'Outcome',
    intro: 'Calls that used to be lost now arrive as booked jobs.',
    stats: [
      { stat: '93%', label: 'Of calls answered (up from 54%)' },
      { stat: '40%', label: 'More after-hours bookings' },
      { stat: '50%', label: 'Less admin' },
    ],
    summary:
      'The office team now spends its day coordinating 30+ technicians instead of chasing missed calls.',
  },
  industryLink: { label: 'Back to Home Services', path: '/industries/home-services' },
};
