import type { IndustryContent } from './types.ts';

export const lawFirms: IndustryContent = {
  key: 'law-firms',
  meta: {
    title: 'AI Receptionist for Law Firms — Voxdesk',
    description:
      'Never miss a client call again. A 24/7 AI receptionist that answers, screens and books consultations for Australian law firms.',
  },
  hero: {
    eyebrow: 'For family, property, criminal and commercial practices',
    title: 'Never Miss a Client Call Again',
    subtitle:
      'People with a legal problem call the first firm that answers. Voxdesk picks up every call, asks your intake questions and books the consultation — while your lawyers stay on billable work.',
    bookDemo: 'Book a Free Demo',
    caseStudy: 'Case Study',
    caseStudyLink: '/case-studies/law-firms',
  },
  pain: {
    title: 'The Hidden Cost of Missed Calls',
    intro: 'A new matter rarely waits for a call back.',
    cards: [
      {
        icon: 'missed',
        title: 'Enquiries lost to voicemail',
        desc: 'Prospective clients who reach voicemail call the next firm on the list.',
      },
      {
        icon: 'clock',
        title: 'Billable time interrupted',
        desc: 'Lawyers and paralegals break off from client work to answer general enquiries.',
      },
      {
        icon: 'after-hours',
        title: 'After-hours emergencies',
        desc: 'Arrests, injunctions and family crises do not keep business hours.',
      },
      {
        icon: 'overwhelmed',
        title: 'Unqualified intake',
        desc: 'Time goes on callers outside your practice areas before anyone finds out.',
      },
      {
        icon: 'frustration',
        title: 'Existing clients kept waiting',
        desc: 'Clients chasing an update sit on hold and feel their matter is not a priority.',
      },
    ],
  },
  features: {
    title: 'What your AI receptionist does for the firm',
    intro: 'Set up around your practice areas, intake questions and lawyers’ calendars.',
    items: [
      {
        title: 'Answers every call, 24/7',
        desc: 'Callers reach a professional, calm voice at any hour, not a voicemail box.',
      },
      {
        title: 'Screens new enquiries',
        desc: 'Asks your intake questions, pre-qualifies the matter and filters out time-wasters.',
      },
      {
        title: 'Books consultations',
        desc: 'Consultations go straight into the right lawyer’s calendar or the standalone dashboard.',
      },
      {
        title: 'Escalates urgent matters',
        desc: 'Time-critical calls are passed to the right person on your team straight away.',
      },
      {
        title: 'Follows up by SMS',
        desc: 'Callers who hang up get a text, so the enquiry is not lost to another firm.',
      },
    ],
  },
  roi: {
    title: 'The return for your firm',
    intro: 'What firms gain when every enquiry is answered and screened.',
    stats: [
      { stat: '-80%', label: 'Missed calls', desc: 'Enquiries are answered instead of going to voicemail.' },
      { stat: '24/7', label: 'Availability', desc: 'Evenings, weekends and public holidays are covered.' },
      { stat: '-50%', label: 'Admin', desc: 'Less time spent on routine calls, messages and scheduling.' },
      {
        stat: '+30%',
        label: 'Billable protection',
        desc: 'Fee earners are interrupted less and stay on client work.',
      },
    ],
  },
  testimonial: {
    quote:
      'Our lawyers were stepping out of client meetings to take enquiry calls, and after-hours calls went nowhere. Now every caller is screened and the consultations we want land in the right calendar.',
    author: 'Managing Partner',
    role: 'Suburban family and property law firm',
  },
  results: {
    title: '30-Day Results',
    intro: 'What a firm saw in its first month with Voxdesk.',
    stats: [
      { stat: '-90%', label: 'Daily missed calls' },
      { stat: '+135%', label: 'Consultations' },
      { stat: '+96%', label: 'Faster lead response' },
      { stat: '$21,300', label: 'Monthly revenue recovered' },
    ],
  },
  privacy: {
    title: 'Built for client confidentiality',
    intro: 'Confidentiality is part of every call the receptionist takes.',
    claims: [
      'Complies with the Australian Privacy Act',
      'No client data stored or sold',
      'No recordings stored without consent',
      'Consent prompts before collecting any information',
      'Encrypted communication',
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Can it tell a new enquiry from an existing client?',
        answer:
          'Yes. The receptionist asks who is calling and why, pre-qualifies new enquiries with your intake questions and routes existing clients to the right person or takes a detailed message.',
      },
      {
        question: 'Will it give legal advice?',
        answer:
          'No. It answers questions about your firm, your practice areas and how to book, and leaves advice to your lawyers.',
      },
      {
        question: 'Does it work with our calendar or practice software?',
        answer:
          'It integrates with booking systems, CRMs and practice management software, and also works from a standalone dashboard if you prefer.',
      },
    ],
  },
};
