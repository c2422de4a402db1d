/**
 * The owner's own site, set at run time: company identity, links, the promo video and the
 * public origin. The server reads them from its environment at start-up and writes them into
 * every page it serves as a JSON data block (`<script type="application/json">`, which the
 * CSP does not execute); the browser reads that block before it hydrates, so the server's HTML
 * and the first client render agree. Nothing here is baked in at build time.
 */
import type { IndustryKey } from './industries.ts';

/**
 * The default external 30-minute booking link behind every 'Book a Call' button; the owner's
 * own is `SCHEDULING_URL` in the server's environment.
 */
export const DEFAULT_SCHEDULING_URL = 'https://calendly.com/voxdesk/30min';

/** The default public origin; the owner's own is `SITE_URL` in the server's environment. */
export const DEFAULT_SITE_URL = 'https://voxdesk.example';

export type SocialNetwork = 'linkedin' | 'instagram' | 'facebook';
export const SOCIAL_NETWORKS: readonly SocialNetwork[] = ['linkedin', 'instagram', 'facebook'];

export interface SocialLink {
  network: SocialNetwork;
  href: string;
}

export interface CompanyIdentity {
  /** The business behind the site, as named in the footer and the legal pages. */
  name: string;
  /** Australian Business Number, as the owner writes it. */
  abn?: string;
  email?: string;
  phone?: string;
  address?: string;
}

export interface SiteSettings {
  company: CompanyIdentity;
  /** The external booking page behind every 'Book a Call' button. */
  schedulingUrl: string;
  /** YouTube id of the `/chatbot` promo video. */
  promoVideoId: string;
  /** The public origin (no trailing slash): canonical links, Open Graph, sitemap, Host allow-list. */
  siteUrl: string;
  socialLinks: SocialLink[];
  /** A phone number that reaches the demo receptionist; shown on the home page when set. */
  demoPhone?: string;
  /** Leads older than this many days are deleted by the server (and the privacy policy says so). */
  leadRetentionDays: number;
  /** Load Vercel analytics and speed insights. */
  analytics: boolean;
  /** Real demo calls the owner published, played on their industry page instead of the synthesised one. */
  publishedSamples?: Partial<Record<IndustryKey, PublishedSampleRef>>;
}

/** A published call, as a page needs it: its version (part of its URLs) and its audio type. */
export interface PublishedSampleRef {
  version: string;
  contentType: string;
}

export const DEFAULT_PROMO_VIDEO_ID = 'M7lc1UVf-VE';
export const DEFAULT_LEAD_RETENTION_DAYS = 365;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  company: { name: 'Voxdesk' },
  schedulingUrl: DEFAULT_SCHEDULING_URL,
  promoVideoId: DEFAULT_PROMO_VIDEO_ID,
  siteUrl: DEFAULT_SITE_URL,
  socialLinks: [
    { network: 'linkedin', href: 'https://www.linkedin.com/company/voxdesk' },
    { network: 'instagram', href: 'https://www.instagram.com/voxdesk' },
    { network: 'facebook', href: 'https://www.facebook.com/voxdesk' },
  ],
  leadRetentionDays: DEFAULT_LEAD_RETENTION_DAYS,
  analytics: false,
};

export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

/** The `id` of the data block in every served page. */
export const SETTINGS_BLOCK_ID = 'site-settings';

// One value per process: the server renders with the settings it started with, the browser
// with the block it was served. Read at render time, never at module load.
let current: SiteSettings = DEFAULT_SITE_SETTINGS;

export function siteSettings(): SiteSettings {
  return current;
}

export function setSiteSettings(settings: SiteSettings): void {
  current = settings;
}

/** The data block for a page's <head>; `<` is escaped so no value can close the element. */
export function settingsBlock(settings: SiteSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SETTINGS_BLOCK_ID}">${json}</script>`;
}

/** The settings a served page carries; the defaults when it has none (Vite's dev server). */
export function readSettingsBlock(doc: {
  getElementById(id: string): { textContent: string | null } | null;
}): SiteSettings {
  const text = doc.getElementById(SETTINGS_BLOCK_ID)?.textContent;
  if (!text) return DEFAULT_SITE_SETTINGS;
  try {
    const parsed = JSON.parse(text) as Partial<SiteSettings>;
    return { ...DEFAULT_SITE_SETTINGS, ...parsed };
  } catch {
    return DEFAULT_SITE_SETTINGS;
  }
}
