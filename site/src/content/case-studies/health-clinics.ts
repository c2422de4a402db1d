import type { CaseStudyContent } from './types.ts';

export const healthClinicsCase: CaseStudyContent = {
  key: 'health-clinics',
  meta: {
    title: 'Case Study: Health Clinic — Voxdesk',
    description:
      'How a busy Australian clinic cut missed calls by 70% and doubled after-hours appointments with an AI voice receptionist.',
  },
  hero: {
    eyebrow: 'Case study · Health clinics',
    title: 'How a busy clinic cut missed calls by 70%',
    subtitle:
      'A multi-practitioner clinic put an AI receptionist on its phones and doubled the appointments booked after hours.',
  },
  about: {
    title: 'About the Client',
    paragraphs: [
      'A multi-practitioner Australian clinic with a small front-desk team handling check-ins, payments, referrals and every incoming call.',
      'Most new patients found the clinic online and phoned to book — often outside business hours, when nobody could answer.',
    ],
    facts: [
      { stat: 'Health clinic', label: 'Industry' },
      { stat: 'Australia', label: 'Market' },
    ],
  },
  challenges: {
    title: 'Challenges',
    items: [
      {
        title: 'Calls missed at peak times',
        desc: 'Morning and lunchtime rushes meant the phone rang out while staff looked after patients at the desk.',
      },
      {
        title: 'After-hours demand going unanswered',
        desc: 'Evening and weekend callers reached voicemail and many booked elsewhere.',
      },
      {
        title: 'Front desk stretched thin',
        desc: 'Routine questions about hours, fees and parking took time away from patients in the clinic.',
      },
    ],
  },
  objectives: {
    title: 'Objectives',
    items: [
      'Answer every call, including after hours',
      'Let patients book, reschedule and cancel without waiting on hold',
      'Take routine phone work off the front desk',
      'Keep patient information private and secure',
    ],
  },
  solution: {
    title: 'Solution',
    items: [
      {
        title: 'A 24/7 AI receptionist',
        desc: 'Every call is answered by a natural voice trained on the clinic’s services, practitioners and booking rules.',
      },
      {
        title: 'Bookings straight into the calendar',
        desc: 'Appointments are booked, moved and cancelled directly in the clinic’s calendar.',
      },
      {
        title: 'Urgent calls escalated',
        desc: 'Anything urgent is passed to a staff member straight away; everything else is handled end to end.',
      },
      {
        title: 'Privacy by design',
        desc: 'Consent prompts before collecting information, encrypted communication and no recordings without consent.',
      },
    ],
  },
  outcome: {
    title: 'Outcome',
    intro: 'Within weeks of going live, the phones stopped being the clinic’s bottleneck.',
    stats: [
      { stat: '70%', label: 'Fewer missed calls' },
      { stat: '40%', label: 'Less admin' },
      { stat: '2x', label: 'After-hours appointments' },
    ],
    summary: 'Patients noticed too: 89% patient satisfaction with the new phone experience.',
  },
  industryLink: { label: 'Back to Health Clinics', path: '/industries/health-clinics' },
};
