// The owner's site settings (company identity, links, video, public origin) from the
// environment, validated once at start. The browser gets them through the pages' data block.
import { z } from 'zod';
import {
  DEFAULT_SITE_SETTINGS,
  SOCIAL_NETWORKS,
  type SiteSettings,
  type SocialLink,
  type SocialNetwork,
} from '../common/site-settings.ts';

// Empty strings (common in .env files) count as unset.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const httpsUrl = (what: string) =>
  z.url({ protocol: /^https$/, error: `must be an https:// URL (${what})` }).trim();

const PHONE = /^\+?[\d\s().-]{6,20}$/;
const phone = z
  .string()
  .trim()
  .regex(PHONE, 'must be a phone number: digits, spaces, + ( ) - (e.g. +61 2 9000 0000)');

/** A network by the host of its URL: www.linkedin.com → linkedin. */
function networkOf(url: URL): SocialNetwork | undefined {
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  return SOCIAL_NETWORKS.find((network) => host === `${network}.com`);
}

const socialLinks = z
  .string()
  .trim()
  .transform((value, ctx): SocialLink[] => {
    if (value.toLowerCase() === 'none') return [];
    const links: SocialLink[] = [];
    for (const item of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      const network = url?.protocol === 'https:' ? networkOf(url) : undefined;
      if (!url || !network) {
        ctx.addIssue({
          code: 'custom',
          message: `"${item}" is not an https:// link to ${SOCIAL_NETWORKS.join(', ')} (comma-separated; "none" for no links)`,
        });
        return z.NEVER;
      }
      if (!links.some((link) => link.network === network)) links.push({ network, href: url.href });
    }
    return links;
  });

const siteEnvSchema = z.object({
  COMPANY_NAME: optional(z.string().trim().max(120, 'must be at most 120 characters')),
  COMPANY_ABN: optional(
    z
      .string()
      .trim()
      .refine((v) => /^\d{11}$/.test(v.replace(/\s/g, '')), 'must be an ABN: 11 digits (spaces allowed)'),
  ),
  COMPANY_EMAIL: optional(z.email('must be an email address')),
  COMPANY_PHONE: optional(phone),
  COMPANY_ADDRESS: optional(z.string().trim().max(200, 'must be at most 200 characters')),
  SCHEDULING_URL: optional(httpsUrl('the booking page behind "Book a Call"')),
  PROMO_VIDEO_ID: optional(
    z
      .string()
      .trim()
      .regex(
        /^[\w-]{11}$/,
        'must be a YouTube video id: 11 letters, digits, _ or - (the v= part of the link)',
      ),
  ),
  SITE_URL: optional(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be the public http(s) origin, e.g. https://www.example.com.au',
      })
      .trim()
      .refine((v) => ['', '/'].includes(new URL(v).pathname) && !new URL(v).search, {
        message: 'must be an origin only (no path or query), e.g. https://www.example.com.au',
      })
      .transform((v) => new URL(v).origin),
  ),
  SOCIAL_LINKS: optional(socialLinks),
  DEMO_PHONE: optional(phone),
  LEAD_RETENTION_DAYS: optional(
    z.coerce
      .number({ error: 'must be a whole number of days (e.g. 365)' })
      .int('must be a whole number of days (e.g. 365)')
      .min(30, 'must be at least 30 days (leads need an answer first)')
      .max(3650, 'must be at most 3650 days (ten years)'),
  ),
  VERCEL_ANALYTICS: optional(
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1'),
  ),
});

/** Which site settings still have their defaults: the admin checklist names them. */
export interface SiteDefaults {
  schedulingUrl: boolean;
  promoVideo: boolean;
  siteUrl: boolean;
}

export interface SiteConfig {
  settings: SiteSettings;
  defaults: SiteDefaults;
}

/** Parses the site settings; `problems` lists each bad variable like the rest of the config. */
export function siteConfigFromEnv(env: Record<string, string | undefined>): {
  config?: SiteConfig;
  problems: string[];
} {
  const parsed = siteEnvSchema.safeParse(env);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`) };
  }
  const e = parsed.data;
  const d = DEFAULT_SITE_SETTINGS;
  const settings: SiteSettings = {
    company: {
      name: e.COMPANY_NAME ?? d.company.name,
      ...(e.COMPANY_ABN ? { abn: e.COMPANY_ABN } : {}),
      ...(e.COMPANY_EMAIL ? { email: e.COMPANY_EMAIL } : {}),
      ...(e.COMPANY_PHONE ? { phone: e.COMPANY_PHONE } : {}),
      ...(e.COMPANY_ADDRESS ? { address: e.COMPANY_ADDRESS } : {}),
    },
    schedulingUrl: e.SCHEDULING_URL ?? d.schedulingUrl,
    promoVideoId: e.PROMO_VIDEO_ID ?? d.promoVideoId,
    siteUrl: e.SITE_URL ?? d.siteUrl,
    socialLinks: e.SOCIAL_LINKS ?? d.socialLinks,
    ...(e.DEMO_PHONE ? { demoPhone: e.DEMO_PHONE } : {}),
    leadRetentionDays: e.LEAD_RETENTION_DAYS ?? d.leadRetentionDays,
    analytics: e.VERCEL_ANALYTICS ?? false,
  };
  return {
    problems: [],
    config: {
      settings,
      defaults: {
        schedulingUrl: !e.SCHEDULING_URL,
        promoVideo: !e.PROMO_VIDEO_ID,
        siteUrl: !e.SITE_URL,
      },
    },
  };
}

/** The settings a test or `createApp` without a configuration runs with. */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  settings: DEFAULT_SITE_SETTINGS,
  defaults: { schedulingUrl: true, promoVideo: true, siteUrl: true },
};
