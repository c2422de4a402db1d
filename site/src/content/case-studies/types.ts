import type { IndustryKey, Stat, TitledItem } from '../types.ts';

/** One case-study page (spec §2 Case-study pages), in page order. */
export interface CaseStudyContent {
  key: IndustryKey;
  meta: { title: string; description: string };
  hero: { eyebrow: string; title: string; subtitle: string };
  about: { title: string; paragraphs: string[]; facts: Stat[] };
  challenges: { title: string; items: TitledItem[] };
  objectives: { title: string; items: string[] };
  solution: { title: string; items: TitledItem[] };
  /** Exactly three headline stats (spec §9). */
  outcome: { title: string; intro: string; stats: [Stat, Stat, Stat]; summary: string };
  industryLink: { label: string; path: string };
}
