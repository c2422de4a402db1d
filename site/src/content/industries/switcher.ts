import type { IndustryKey } from '../types.ts';

export interface IndustryLink {
  key: IndustryKey;
  label: string;
  path: string;
}

/** The three industry pages, in switcher order. */
export const INDUSTRY_LINKS: readonly IndustryLink[] = [
  { key: 'health-clinics', label: 'Health Clinics', path: '/industries/health-clinics' },
  { key: 'law-firms', label: 'Law Firms', path: '/industries/law-firms' },
  { key: 'home-services', label: 'Home Services', path: '/industries/home-services' },
];

export const SWITCHER_LABEL = 'Choose your industry';
export const HOME_LINK_LABEL = 'Home';
