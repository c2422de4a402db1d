import { dirname } from 'node:path';
import {
  passwordProblem,
  sqlitePathFromEnv,
  storeConfigFromEnv,
  StoreConfigError,
  type StoreConfig,
} from '@voxdesk/auth';
import { z } from 'zod';
import type { ReceptionistId } from '../contract/api-types.ts';
import { RECEPTIONIST_ENV, RECEPTIONISTS } from './routes/config.ts';
import { DEFAULT_DEMO_CALL_MAX_SECONDS, DEFAULT_DEMO_CALLS_PER_DAY } from './routes/demo-call-start.ts';
import { DEFAULT_MAIL_FROM, type MailSettings } from './mail/settings.ts';
import type { DigestSettings } from './mail/digest.ts';
import { isTimeZone } from '../common/date-time.ts';
import { siteConfigFromEnv, type SiteConfig } from './site-config.ts';

/** Everything the server reads from its environment, validated once at start. */
export interface ServerConfig {
  host: string;
  port: number;
  store: StoreConfig;
  /** Where generated state (session secret, SQLite file) lives: the folder of VOXDESK_DB. */
  dataDir: string;
  sessionSecret?: string;
  admin: { email: string; password?: string };
  trustProxy: boolean;
  /** The owner's site: company identity, links, video, public origin (site-config.ts). */
  site: SiteConfig;
  /** Leads `POST /api/leads` stores per address per hour; unset: the route's default (5). */
  leadsPerHour?: number;
  /** Leads an hour site-wide before new ones are held for review (`LEADS_SITE_PER_HOUR`). */
  leadsSitePerHour?: number;
  /** Demo calls one client may start per day (`DEMO_CALLS_PER_DAY`). */
  demoCallsPerDay: number;
  /** The longest demo call, an assistant override at start (`DEMO_CALL_MAX_SECONDS`). */
  demoCallMaxSeconds: number;
  /** Outgoing mail and the lead webhook (docs/mail.md). */
  mail: MailSettings;
  /** The daily digest (`LEADS_DIGEST_HOUR`); unset: none. */
  digest?: DigestSettings;
  vapi: {
    publicKey?: string;
    assistantId?: string;
    /** Per-receptionist demo assistants (`VAPI_ASSISTANT_ID_HEALTH_CLINICS` …), each defaulting to `assistantId`. */
    receptionists?: Partial<Record<ReceptionistId, string>>;
    privateKey?: string;
    baseUrl?: string;
    /** Verifies `POST /api/vapi/events` (HMAC-SHA256, bearer or x-vapi-secret); unset: the route answers 503. */
    webhookSecret?: string;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEFAULT_ADMIN_EMAIL = 'admin@voxdesk.local';

// Empty strings (common in .env files) count as unset.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const envSchema = z.object({
  HOST: optional(z.string().trim().min(1)),
  PORT: optional(
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535'),
  ),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters (try: openssl rand -hex 32)')),
  ADMIN_EMAIL: optional(z.email('must be an email address')),
  ADMIN_PASSWORD: optional(
    z.string().superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  TRUST_PROXY: optional(
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1'),
  ),
  LEADS_PER_HOUR: optional(
    z.coerce
      .number({ error: 'must be a whole number of leads (e.g. 5)' })
      .int('must be a whole number of leads (e.g. 5)')
      .min(1, 'must be at least 1 (the form would refuse every visitor)')
      .max(10_000, 'must be at most 10000'),
  ),
  LEADS_SITE_PER_HOUR: optional(
    z.coerce
      .number({ error: 'must be a whole number of leads (e.g. 60)' })
      .int('must be a whole number of leads (e.g. 60)')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000'),
  ),
  DEMO_CALLS_PER_DAY: optional(
    z.coerce
      .number({ error: 'must be a whole number of calls (e.g. 10)' })
      .int('must be a whole number of calls (e.g. 10)')
      .min(1, 'must be at least 1 (no client could start a call)')
      .max(10_000, 'must be at most 10000'),
  ),
  DEMO_CALL_MAX_SECONDS: optional(
    z.coerce
      .number({ error: 'must be a whole number of seconds (e.g. 300)' })
      .int('must be a whole number of seconds (e.g. 300)')
      .min(10, 'must be at least 10 seconds (Vapi refuses shorter calls)')
      .max(43_200, 'must be at most 43200 (12 hours, the most Vapi allows)'),
  ),
  SMTP_URL: optional(
    z.url({
      protocol: /^smtps?$/,
      error: 'must be smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS)',
    }),
  ),
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .regex(
        /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/,
        'must be an address, e.g. Voxdesk <leads@example.com>',
      ),
  ),
  LEADS_NOTIFY_TO: optional(z.email('must be one email address (the owner who gets each new lead)')),
  LEADS_WEBHOOK_URL: optional(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. a Slack incoming webhook' }),
  ),
  LEADS_DIGEST_HOUR: optional(
    z.coerce
      .number({ error: 'must be an hour from 0 to 23 (e.g. 18 for 6 pm), or unset for no digest' })
      .int('must be a whole hour from 0 to 23')
      .min(0, 'must be an hour from 0 to 23')
      .max(23, 'must be an hour from 0 to 23'),
  ),
  OWNER_TIME_ZONE: optional(
    z.string().trim().refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/Tirane or Australia/Sydney'),
  ),
  OWNER_LANGUAGE: optional(z.enum(['en', 'sq'], { error: 'must be en or sq' })),
  MAIL_RETRY_SECONDS: optional(
    z.coerce
      .number({ error: 'must be a whole number of seconds (e.g. 30)' })
      .int('must be a whole number of seconds (e.g. 30)')
      .min(1, 'must be at least 1')
      .max(3600, 'must be at most 3600 (an hour)'),
  ),
  VAPI_PUBLIC_KEY: optional(z.string().trim()),
  VAPI_ASSISTANT_ID: optional(z.string().trim()),
  VAPI_ASSISTANT_ID_HEALTH_CLINICS: optional(z.string().trim()),
  VAPI_ASSISTANT_ID_LAW_FIRMS: optional(z.string().trim()),
  VAPI_ASSISTANT_ID_HOME_SERVICES: optional(z.string().trim()),
  VAPI_PRIVATE_KEY: optional(z.string().trim()),
  VAPI_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  VAPI_WEBHOOK_SECRET: optional(
    z
      .string()
      .trim()
      .min(
        16,
        'must be at least 16 characters (try: openssl rand -hex 32), the same secret as the credential of the server URL in Vapi',
      ),
  ),
});

/** Parses the environment; throws `ConfigError` listing every problem and how to fix it. */
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): ServerConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const site = siteConfigFromEnv(env);
  problems.push(...site.problems);
  let store: StoreConfig | undefined;
  try {
    store = storeConfigFromEnv(env, cwd);
  } catch (error) {
    if (!(error instanceof StoreConfigError)) throw error;
    problems.push(`  ${error.message}`);
  }
  if (store?.kind === 'postgres' && !env.SESSION_SECRET?.trim()) {
    problems.push(
      '  SESSION_SECRET: must be set with DATABASE_URL: every instance on the database has to sign cookies with the same secret (try: openssl rand -hex 32)',
    );
  }
  if (!parsed.success || !store || !site.config || problems.length > 0) {
    throw new ConfigError(`Invalid configuration (environment variables):\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const receptionists = Object.fromEntries(
    RECEPTIONISTS.flatMap((id) => {
      const value = e[RECEPTIONIST_ENV[id] as keyof typeof e];
      return typeof value === 'string' && value ? [[id, value]] : [];
    }),
  ) as Partial<Record<ReceptionistId, string>>;
  const dbPath = sqlitePathFromEnv(env, cwd);
  return {
    host: e.HOST ?? '127.0.0.1',
    port: e.PORT ?? 3000,
    store,
    dataDir: dbPath === ':memory:' ? cwd : dirname(dbPath),
    ...(e.SESSION_SECRET ? { sessionSecret: e.SESSION_SECRET } : {}),
    admin: {
      email: e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
      ...(e.ADMIN_PASSWORD ? { password: e.ADMIN_PASSWORD } : {}),
    },
    trustProxy: e.TRUST_PROXY ?? false,
    site: site.config,
    ...(e.LEADS_PER_HOUR ? { leadsPerHour: e.LEADS_PER_HOUR } : {}),
    ...(e.LEADS_SITE_PER_HOUR ? { leadsSitePerHour: e.LEADS_SITE_PER_HOUR } : {}),
    demoCallsPerDay: e.DEMO_CALLS_PER_DAY ?? DEFAULT_DEMO_CALLS_PER_DAY,
    demoCallMaxSeconds: e.DEMO_CALL_MAX_SECONDS ?? DEFAULT_DEMO_CALL_MAX_SECONDS,
    ...(e.LEADS_DIGEST_HOUR === undefined
      ? {}
      : {
          digest: {
            hour: e.LEADS_DIGEST_HOUR,
            timeZone: e.OWNER_TIME_ZONE ?? 'UTC',
            language: e.OWNER_LANGUAGE ?? 'en',
          },
        }),
    mail: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      // The owner who gets each lead: LEADS_NOTIFY_TO, else the first Admin's ADMIN_EMAIL
      // (the built-in admin@voxdesk.local reaches nobody).
      ...(e.LEADS_NOTIFY_TO || e.ADMIN_EMAIL ? { notifyTo: e.LEADS_NOTIFY_TO ?? e.ADMIN_EMAIL } : {}),
      ...(e.LEADS_WEBHOOK_URL ? { webhookUrl: e.LEADS_WEBHOOK_URL } : {}),
      // SITE_URL is read once, with the site's settings (site-config.ts).
      ...(site.config.defaults.siteUrl ? {} : { siteUrl: site.config.settings.siteUrl }),
      ...(e.MAIL_RETRY_SECONDS ? { retryBaseMs: e.MAIL_RETRY_SECONDS * 1000 } : {}),
    },
    vapi: {
      ...(e.VAPI_PUBLIC_KEY ? { publicKey: e.VAPI_PUBLIC_KEY } : {}),
      ...(e.VAPI_ASSISTANT_ID ? { assistantId: e.VAPI_ASSISTANT_ID } : {}),
      ...(Object.keys(receptionists).length > 0 ? { receptionists } : {}),
      ...(e.VAPI_PRIVATE_KEY ? { privateKey: e.VAPI_PRIVATE_KEY } : {}),
      ...(e.VAPI_BASE_URL ? { baseUrl: e.VAPI_BASE_URL } : {}),
      ...(e.VAPI_WEBHOOK_SECRET ? { webhookSecret: e.VAPI_WEBHOOK_SECRET } : {}),
    },
  };
}
