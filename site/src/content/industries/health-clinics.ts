import type { IndustryContent } from './types.ts';

export const healthClinics: IndustryContent = {
  key: 'health-clinics',
  meta: {
    title: 'AI Receptionist for Health Clinics — Voxdesk',
    description:
      'Never miss another patient call. A 24/7 AI receptionist that books, reschedules and answers patient questions for Australian clinics.',
  },
  hero: {
    eyebrow: 'For GP, dental, physio and allied health clinics',
    title: 'Never Miss Another Patient. Even After Hours',
    subtitle:
      'Patients call when it suits them — before work, at lunch, at 9 pm. Voxdesk answers every one, books them into your calendar and lets your front desk focus on the people in the waiting room.',
    bookDemo: 'Book a Free Demo',
    caseStudy: 'Case Study',
    caseStudyLink: '/case-studies/health-clinics',
  },
  pain: {
    title: 'The Hidden Cost of Missed Calls',
    intro: 'Every unanswered call is a patient who may book somewhere else.',
    cards: [
      {
        icon: 'overwhelmed',
        title: 'Staff overwhelmed',
        desc: 'Reception juggles check-ins, payments and a ringing phone at the same time, and something gives.',
      },
      {
        icon: 'after-hours',
        title: 'After-hours misses',
        desc: 'Patients who call after close reach voicemail, and many never leave a message.',
      },
      {
        icon: 'no-show',
        title: 'High no-show rates',
        desc: 'When rescheduling means waiting on hold, patients simply do not turn up and the slot is lost.',
      },
      {
        icon: 'burnout',
        title: 'Front desk burnout',
        desc: 'The same questions about hours, fees and parking, all day, wear good staff down.',
      },
      {
        icon: 'frustration',
        title: 'Patient frustration',
        desc: 'Long holds and unreturned calls leave patients feeling unheard before they have even arrived.',
      },
    ],
  },
  features: {
    title: 'What your AI receptionist does for the clinic',
    intro: 'Set up around your practitioners, appointment types and booking rules.',
    items: [
      {
        title: 'Answers every call, 24/7',
        desc: 'Day, night, weekends and public holidays — patients always reach a friendly voice.',
      },
      {
        title: 'Books, reschedules and cancels',
        desc: 'Appointments go straight into your practice management software or the standalone dashboard.',
      },
      {
        title: 'Answers common questions',
        desc: 'Opening hours, fees, locations, parking and what to bring, answered the way your team would.',
      },
      {
        title: 'Escalates urgent calls',
        desc: 'Anything urgent or clinical is passed to your staff straight away, not left in a queue.',
      },
      {
        title: 'Follows up by SMS',
        desc: 'Patients who hang up before booking get a text so they can finish booking.',
      },
    ],
  },
  roi: {
    title: 'The return for your clinic',
    intro: 'What clinics gain when every call is answered.',
    stats: [
      {
        stat: '70%',
        label: 'More answered calls',
        desc: 'Calls that used to ring out or hit voicemail are picked up.',
      },
      {
        stat: '35-50%',
        label: 'More booked appointments',
        desc: 'Callers are booked on the first call, including after hours.',
      },
      {
        stat: 'Fewer',
        label: 'No-shows',
        desc: 'Patients can reschedule or cancel any time, so slots can be refilled instead of left empty.',
      },
      {
        stat: 'Freed up',
        label: 'Front desk',
        desc: 'Reception spends its time on the patients in front of them, not on the phone.',
      },
    ],
  },
  testimonial: {
    quote:
      'Monday mornings used to start with a voicemail box full of patients who had tried to book over the weekend. Now those calls are answered and booked before we open, and the front desk can look after the people in the waiting room.',
    author: 'Practice Manager',
    role: 'Multi-practitioner allied health clinic',
  },
  results: {
    title: '30-Day Results',
    intro: 'What a clinic saw in its first month with Voxdesk.',
    stats: [
      { stat: '+42%', label: 'Call answer rate' },
      { stat: '+46.7%', label: 'Monthly booked appointments' },
      { stat: '-85%', label: 'Admin hours on phones' },
      { stat: '$9,480', label: 'Monthly revenue recovered' },
    ],
  },
  privacy: {
    title: 'Built for patient privacy',
    intro: 'Patient trust comes first. The receptionist is designed around Australian privacy law.',
    claims: [
      'Complies with the Australian Privacy Act and GDPR',
      'No patient data stored or sold',
      'No recordings stored without consent',
      'Consent prompts before collecting any information',
      'Encrypted communication',
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Will it work with our practice management software?',
        answer:
          'The receptionist integrates with booking systems and practice management software. If yours is not connected, you can run bookings from the standalone dashboard instead.',
      },
      {
        question: 'What happens when a patient calls with something urgent?',
        answer:
          'Urgent calls are escalated to a human on your team straight away. You decide what counts as urgent and who receives the call.',
      },
      {
        question: 'How is patient information protected?',
        answer:
          'Voxdesk complies with the Australian Privacy Act and GDPR. Patient data is never stored or sold, no recording is kept without consent, callers are asked for consent before any information is collected, and all communication is encrypted.',
      },
    ],
  },
};
