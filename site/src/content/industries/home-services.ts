import type { IndustryContent } from './types.ts';

export const homeServices: IndustryContent = {
  key: 'home-services',
  meta: {
    title: 'AI Receptionist for Trades and Home Services — Voxdesk',
    description:
      'Never miss a job again. A 24/7 AI receptionist that books jobs for plumbers, electricians, HVAC, pest control, cleaning and landscaping businesses.',
  },
  hero: {
    eyebrow: 'For plumbing, electrical, HVAC, pest control, cleaning and landscaping',
    title: 'Never Miss a Job Again',
    subtitle:
      'You cannot answer the phone from under a sink or up a ladder. Voxdesk answers every call, takes the job details, books the visit and flags emergencies — so the work keeps coming while you are on the tools.',
    bookDemo: 'Book a Free Demo',
    caseStudy: 'Case Study',
    caseStudyLink: '/case-studies/home-services',
  },
  pain: {
    title: 'The Hidden Cost of Missed Calls',
    intro: 'A missed job is worth $1,200-$2,500 — and the customer has already rung the next business.',
    cards: [
      {
        icon: 'missed',
        title: 'Calls missed on the job',
        desc: 'Hands full, ladder up, customer talking — the phone rings out and the job goes elsewhere.',
      },
      {
        icon: 'after-hours',
        title: 'After-hours emergencies',
        desc: 'Burst pipes and power outages happen at night, when nobody is in the office.',
      },
      {
        icon: 'money',
        title: 'Jobs worth thousands lost',
        desc: 'At $1,200-$2,500 a job, a few unanswered calls a week adds up fast.',
      },
      {
        icon: 'clock',
        title: 'Evenings spent on admin',
        desc: 'Returning calls and juggling bookings after a full day on the tools.',
      },
      {
        icon: 'overwhelmed',
        title: 'Tyre-kickers',
        desc: 'Time goes on callers outside your area or after a price you cannot match.',
      },
    ],
  },
  features: {
    title: 'What your AI receptionist does for your business',
    intro: 'Set up around your services, service area and booking rules.',
    items: [
      {
        title: 'Answers every call, 24/7',
        desc: 'Customers reach a friendly voice any time, even when the whole team is on site.',
      },
      {
        title: 'Books jobs and quotes',
        desc: 'Takes the address and the problem and books the visit into your calendar or the standalone dashboard.',
      },
      {
        title: 'Flags emergencies',
        desc: 'Urgent jobs are escalated to whoever is on call straight away.',
      },
      {
        title: 'Pre-qualifies leads',
        desc: 'Checks service area and job type and filters out time-wasters before they reach you.',
      },
      {
        title: 'Follows up by SMS',
        desc: 'Callers who hang up get a text so the job is not lost to a competitor.',
      },
    ],
  },
  roi: {
    title: 'The return for your business',
    intro: 'What trades gain when every call becomes a booked job or a qualified lead.',
    stats: [
      { stat: '-85%', label: 'Missed calls', desc: 'Calls are answered while you are on the tools.' },
      {
        stat: '+$18,000/mo',
        label: 'Recovered',
        desc: 'A missed job is worth $1,200-$2,500; answering them adds up.',
      },
      { stat: '-60%', label: 'Phone admin', desc: 'Fewer call-backs and less booking juggling after hours.' },
      {
        stat: '+40%',
        label: 'Leads recovered',
        desc: 'Hang-ups get an SMS follow-up instead of being lost.',
      },
    ],
  },
  testimonial: {
    quote:
      'I used to lose jobs every week because I could not get to the phone on site, then spend the evening ringing people back. Now the calls are answered, the jobs are in the calendar and the emergencies come straight to me.',
    author: 'Owner',
    role: 'Plumbing and gas fitting business',
  },
  results: {
    title: '30-Day Results',
    intro: 'What a trade business saw in its first month with Voxdesk.',
    stats: [
      { stat: '-90%', label: 'Missed calls' },
      { stat: '+132%', label: 'Quotes booked' },
      { stat: '+97%', label: 'Faster lead response' },
      { stat: '$27,360', label: 'Monthly revenue recovered' },
    ],
  },
  privacy: {
    title: 'Your customers’ details stay safe',
    intro: 'The receptionist collects only what it needs to book the job.',
    claims: [
      'Complies with the Australian Privacy Act',
      'No customer data stored or sold',
      'No recordings stored without consent',
      'Consent prompts before collecting any information',
      'Encrypted communication',
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Which trades does it work for?',
        answer:
          'Plumbing, electrical, HVAC, pest control, cleaning and landscaping businesses, from owner-operators to larger teams with many technicians.',
      },
      {
        question: 'What happens with an emergency call at night?',
        answer:
          'The receptionist recognises the emergencies you define and escalates them to whoever is on call straight away; everything else is booked in for the next available slot.',
      },
      {
        question: 'Can it quote prices?',
        answer:
          'With the Advanced Voice Agent it can use a price estimator tool based on your pricing rules. Otherwise it books a quote visit and passes the details to you.',
      },
    ],
  },
};
