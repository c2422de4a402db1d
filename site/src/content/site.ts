/** Brand-wide copy and links shared by every marketing page. */

/**
 * The external 30-minute booking link behind every 'Book a Call' button.
 * Override at build time with `VITE_SCHEDULING_URL`.
 */
export const DEFAULT_SCHEDULING_URL = 'https://calendly.com/voxdesk/30min';
export const SCHEDULING_URL: string =
  (import.meta.env.VITE_SCHEDULING_URL as string | undefined) || DEFAULT_SCHEDULING_URL;

export const BRAND = {
  name: 'Voxdesk',
  tagline: 'Empowering businesses with AI solutions',
} as const;

export interface NavSection {
  /** The `id` of the home-page section the item scrolls to. */
  id: string;
  label: string;
}

/** Header anchor navigation, in page order (spec §2, Header). */
export const NAV_SECTIONS: readonly NavSection[] = [
  { id: 'integrations', label: 'Integrations' },
  { id: 'use-cases', label: 'Use Cases' },
  { id: 'benefits', label: 'Benefits' },
  { id: 'comparison', label: 'Comparison' },
  { id: 'bundles', label: 'Bundles' },
  { id: 'how-it-works', label: 'How It Works' },
];

export const CTA_LABELS = {
  bookCall: 'Book a Call',
  tryDemo: 'Try Demo',
} as const;

export interface SocialLink {
  network: string;
  label: string;
  href: string;
}

/** Footer social links: professional, photo and social networks (spec §2). */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'linkedin', label: 'Voxdesk on LinkedIn', href: 'https://www.linkedin.com/company/voxdesk' },
  { network: 'instagram', label: 'Voxdesk on Instagram', href: 'https://www.instagram.com/voxdesk' },
  { network: 'facebook', label: 'Voxdesk on Facebook', href: 'https://www.facebook.com/voxdesk' },
];

/**
 * The site's public origin, for absolute URLs in Open Graph tags (social networks need them).
 * Set at build time with `VITE_SITE_URL`.
 */
export const DEFAULT_SITE_URL = 'https://voxdesk.example';
export const SITE_URL: string = (
  (import.meta.env.VITE_SITE_URL as string | undefined) || DEFAULT_SITE_URL
).replace(/\/+$/, '');

/** The social card image of a public page: `/og/<slug>.jpg` (scripts/og-images.ts draws them). */
export const ogImagePath = (path: string) =>
  `/og/${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.jpg`;
