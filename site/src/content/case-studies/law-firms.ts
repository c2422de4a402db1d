import type { CaseStudyContent } from './types.ts';

export const lawFirmsCase: CaseStudyContent = {
  key: 'law-firms',
  meta: {
    title: 'Case Study: Law Firm — Voxdesk',
    description:
      'How an Australian law firm took 60% of call volume off its front desk and grew new client intake by 31% with an AI voice receptionist.',
  },
  hero: {
    eyebrow: 'Case study · Law firms',
    title: 'How a law firm grew new client intake by 31%',
    subtitle:
      'An AI receptionist now screens every enquiry and books consultations, so the team spends its time on client work.',
  },
  about: {
    title: 'About the Client',
    paragraphs: [
      'An Australian law firm whose reception handled new enquiries, existing clients chasing updates and calls for every lawyer in the practice.',
      'New matters arrived by phone, and prospective clients usually rang several firms — the first to answer won the work.',
    ],
    facts: [
      { stat: 'Law firm', label: 'Industry' },
      { stat: 'Australia', label: 'Market' },
    ],
  },
  challenges: {
    title: 'Challenges',
    items: [
      {
        title: 'Front desk buried in calls',
        desc: 'General enquiries and update requests crowded out the calls that mattered.',
      },
      {
        title: 'Enquiries lost to slow responses',
        desc: 'Prospective clients who reached voicemail rarely waited for a call back.',
      },
      {
        title: 'Admin eating into billable time',
        desc: 'Lawyers and staff spent hours each month screening callers and scheduling consultations.',
      },
    ],
  },
  objectives: {
    title: 'Objectives',
    items: [
      'Answer every enquiry on the first call',
      'Screen new matters against the firm’s practice areas',
      'Book consultations without back-and-forth',
      'Give the front desk and lawyers their time back',
    ],
  },
  solution: {
    title: 'Solution',
    items: [
      {
        title: 'Intake on every call',
        desc: 'The AI receptionist asks the firm’s intake questions and pre-qualifies each new enquiry.',
      },
      {
        title: 'Consultations booked automatically',
        desc: 'Qualified callers are booked straight into the right lawyer’s calendar.',
      },
      {
        title: 'Existing clients routed',
        desc: 'Update requests are routed or logged with a clear message, and urgent matters are escalated.',
      },
      {
        title: 'SMS follow-up',
        desc: 'Callers who hang up receive a text so the enquiry is not lost.',
      },
    ],
  },
  outcome: {
    title: 'Outcome',
    intro: 'The firm now answers every enquiry and spends its time on the matters it wants.',
    stats: [
      { stat: '60%', label: 'Less front desk call volume' },
      { stat: '31%', label: 'More new client intake' },
      { stat: '100+', label: 'Admin hours saved monthly' },
    ],
    summary: 'Those hours went back into client work instead of phone screening and scheduling.',
  },
  industryLink: { label: 'Back to Law Firms', path: '/industries/law-firms' },
};
