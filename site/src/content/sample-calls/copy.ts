import type { IndustryKey } from '../types.ts';

/** The honest label every sample call carries (issue 23). */
export const SAMPLE_CALL_LABEL = 'Example call, synthesised voices';
/** The label of a real demo call the owner published in its place. */
export const PUBLISHED_CALL_LABEL = 'Real demo call, published with the caller’s consent';

/** What each sample call shows, in a line (site/public/samples/<industry>.*). */
export const sampleCallTitles: Record<IndustryKey, string> = {
  'health-clinics': 'A new patient books a check-up',
  'law-firms': 'A lease dispute becomes a consultation',
  'home-services': 'A burst hot water system becomes an urgent call-out',
};

/** The title of a real call published for an industry. */
export const publishedCallTitles: Record<IndustryKey, string> = {
  'health-clinics': 'A real call to the health clinic receptionist',
  'law-firms': 'A real call to the law firm receptionist',
  'home-services': 'A real call to the home services receptionist',
};
