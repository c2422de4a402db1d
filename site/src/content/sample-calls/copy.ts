import type { IndustryKey } from '../types.ts';

/** The honest label every sample call carries (issue 23). */
export const SAMPLE_CALL_LABEL = 'Example call, synthesised voices';

/** What each sample call shows, in a line (site/public/samples/<industry>.*). */
export const sampleCallTitles: Record<IndustryKey, string> = {
  'health-clinics': 'A new patient books a check-up',
  'law-firms': 'A lease dispute becomes a consultation',
  'home-services': 'A burst hot water system becomes an urgent call-out',
};
