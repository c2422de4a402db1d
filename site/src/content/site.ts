/** Brand-wide copy and links shared by every marketing page. */

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
