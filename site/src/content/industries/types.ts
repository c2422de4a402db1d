import type { FaqItem, IndustryKey, Stat, Testimonial, TitledItem } from '../types.ts';

export type PainIcon =
  'overwhelmed' | 'after-hours' | 'no-show' | 'burnout' | 'frustration' | 'missed' | 'money' | 'clock';

export interface PainCard {
  title: string;
  desc: string;
  icon: PainIcon;
}

/** Everything one industry page says (spec §2 Industry pages), in page order. */
export interface IndustryContent {
  key: IndustryKey;
  meta: { title: string; description: string };
  hero: {
    eyebrow: string;
    title: string;
    subtitle: string;
    bookDemo: string;
    caseStudy: string;
    caseStudyLink: string;
  };
  pain: { title: string; intro: string; cards: PainCard[] };
  features: { title: string; intro: string; items: TitledItem[] };
  roi: { title: string; intro: string; stats: (Stat & { desc: string })[] };
  testimonial: Testimonial;
  results: { title: string; intro: string; stats: Stat[] };
  privacy: { title: string; intro: string; claims: string[] };
  faq: { title: string; items: FaqItem[] };
}
