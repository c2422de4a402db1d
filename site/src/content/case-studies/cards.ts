import type { CaseStudyCard } from '../types.ts';

/** The 'Case Studies' grid shown at the foot of every case-study page. */
export const caseStudyGrid = {
  title: 'Case Studies',
  readMore: 'Read the case study',
  homeLabel: 'Home',
  cards: [
    {
      industry: 'health-clinics',
      title: 'Health clinic: 70% fewer missed calls',
      link: '/case-studies/health-clinics',
      image: {
        src: '/images/case-studies/health-clinics.svg',
        alt: 'A clinic reception desk with a phone and an appointment book',
        width: 480,
        height: 300,
      },
    },
    {
      industry: 'law-firms',
      title: 'Law firm: 31% more new client intake',
      link: '/case-studies/law-firms',
      image: {
        src: '/images/case-studies/law-firms.svg',
        alt: 'A law office desk with a phone, scales and case files',
        width: 480,
        height: 300,
      },
    },
    {
      industry: 'home-services',
      title: 'Home services: 93% of calls answered',
      link: '/case-studies/home-services',
      image: {
        src: '/images/case-studies/home-services.svg',
        alt: 'A service van with tools and a phone showing a booked job',
        width: 480,
        height: 300,
      },
    },
  ] satisfies CaseStudyCard[],
} as const;
