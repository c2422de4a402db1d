/** Shapes of the static content items (spec §3). Copy lives in modules beside this one. */
import type { IndustryKey } from '../../common/industries.ts';

export interface Stat {
  stat: string;
  label: string;
}

export interface TitledItem {
  title: string;
  desc: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
}

// The industry keys are shared with the server (published calls); content files read them here.
export type { IndustryKey };

export interface CaseStudyCard {
  industry: IndustryKey;
  title: string;
  image: Image;
  link: string;
}

export interface Testimonial {
  quote: string;
  author: string;
  role: string;
}
