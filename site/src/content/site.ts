/** Brand-wide copy and links shared by every marketing page. */

/**
 * The default external 30-minute booking link behind every 'Book a Call' button; the owner's
 * own is `SCHEDULING_URL` in the server's environment (shared/site-settings.ts).
 */
export const DEFAULT_SCHEDULING_URL = 'https://calendly.com/voxdesk/30min';

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

/** The default public origin; the owner's own is `SITE_URL` in the server's environment. */
export const DEFAULT_SITE_URL = 'https://voxdesk.example';

/** The social card image of a public page: `/og/<slug>.jpg` (scripts/og-images.ts draws them). */
export const ogImagePath = (path: string) =>
  `/og/${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.jpg`;
