import { Sessions, UserStoreError, type Accounts, type SessionPolicy } from '@voxdesk/auth';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { AfterAnswer } from './after-answer.ts';
import type { ApiDeps } from './api-context.ts';
import { clientIp } from './client-info.ts';
import { originCheck } from './origin-check.ts';
import { clientAborted, jsonLogger, requestLog, type Logger } from './request-log.ts';
import { browserApi } from './browser-api.ts';
import { receptionistAssistants, RECEPTIONISTS, type PublicConfig } from './routes/config.ts';
import type { DemoCallsSource } from './routes/demo-calls.ts';
import {
  DEFAULT_DEMO_CALL_MAX_SECONDS,
  DEFAULT_DEMO_CALLS_PER_DAY,
  type DemoCallStartOptions,
} from './routes/demo-call-start.ts';
import type { LeadOptions } from './routes/leads.ts';
import { vapiEventRoutes } from './routes/vapi-events.ts';
import { securityHeaders } from './security-headers.ts';
import { staticRoutes } from './static.ts';
import { hostCheck } from './host-check.ts';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from './site-config.ts';
import { livePages, type LivePages } from './live-pages.ts';
import { PUBLISHED_SAMPLE_PATH, publishedSampleFiles } from './published-sample-files.ts';
import { GateFullError, HashGate } from './hash-gate.ts';
import { hasTwoSessionCookies, TWO_SESSION_COOKIES } from './session.ts';
import { LoginThrottle, type ThrottleRule } from './throttle.ts';
import { createMail, DEFAULT_MAIL_FROM, type Mail } from './mail/settings.ts';
import { OutboxSender } from './mail/sender.ts';
import { sendPasswordNotices } from './mail/account-mail.ts';

export interface AppOptions {
  /** The Vite client build (`dist/client`): hashed assets, prerendered pages, the SPA shell. */
  clientDir: string;
  accounts: Accounts;
  sessionSecret: string;
  /** Believe X-Forwarded-For / -Proto / -Host (set when behind a reverse proxy). */
  trustProxy?: boolean;
  publicConfig?: PublicConfig;
  /** Vapi's latest demo calls, shown while no end-of-call report is stored. */
  demoCalls?: DemoCallsSource;
  /** Demo calls per client per day and the longest call (defaults: 10, 300 s). */
  demoCallLimits?: Partial<Pick<DemoCallStartOptions, 'callsPerDay' | 'maxCallSeconds'>>;
  /** POST /api/vapi/events: no secret → 503; `assistantIds` limits the stored reports to the demo's assistants. */
  vapiEvents?: { secret?: string; assistantIds?: readonly string[]; rate?: ThrottleRule };
  log?: Logger;
  throttle?: LoginThrottle;
  hashGate?: HashGate;
  /** Session lifetimes and the per-instance cache (defaults: 8 h absolute, 1 h idle, 5 s cache). */
  sessionPolicy?: Partial<SessionPolicy>;
  sessions?: Sessions;
  now?: () => number;
  /** The owner's site settings (default: the defaults) and its pages rendered with them at start-up. */
  site?: SiteConfig;
  /** The public pages, rendered with the settings and the published samples (default: the built files). */
  livePages?: LivePages;
  /** Lead form: minimum fill time, per-address limit and site-wide cap (defaults: 3 s, 5 and 60 an hour). */
  leads?: Pick<LeadOptions, 'formToken' | 'perAddress' | 'perSite'>;
  /** Outgoing mail (start.ts builds and starts it); default: queued only, never sent. */
  mail?: Mail;
  /** The work done after answering (default: a tracker of its own); pass one to await its `idle()`. */
  afterAnswer?: AfterAnswer;
  /** A published recording's size cap and download time limit (recording-download.ts). */
  recordingDownload?: { maxBytes?: number; timeoutMs?: number };
}

export const MAX_BODY_BYTES = 16 * 1024;
export const SERVER_FAILED = 'Something went wrong on the server. Please try again.';

export function createApp(options: AppOptions) {
  const trustProxy = options.trustProxy ?? false;
  const log = options.log ?? jsonLogger;
  const now = options.now ? { now: options.now } : {};
  const sessions =
    options.sessions ??
    new Sessions(options.accounts.store, {
      ...now,
      ...(options.sessionPolicy ? { policy: options.sessionPolicy } : {}),
    });
  // Password changes and deletions drop this instance's cached sessions of the user at once.
  options.accounts.onSessionsEnded((userId) => sessions.forgetUser(userId));
  const deps: ApiDeps = {
    accounts: options.accounts,
    session: { secret: options.sessionSecret, trustProxy, sessions },
    throttle: options.throttle ?? new LoginThrottle(options.accounts.store.attempts, now),
    hashGate: options.hashGate ?? new HashGate(),
    trustProxy,
    afterAnswer: options.afterAnswer ?? new AfterAnswer(log),
  };

  const mail =
    options.mail ??
    createMail(
      { from: DEFAULT_MAIL_FROM },
      new OutboxSender({ outbox: options.accounts.store.outbox, from: DEFAULT_MAIL_FROM, log }),
      options.accounts.store.attempts,
      options.now ?? Date.now,
    );

  sendPasswordNotices(options.accounts, mail, options.now ?? Date.now, deps.afterAnswer);

  const app = new Hono();
  const site = options.site ?? DEFAULT_SITE_CONFIG;
  const pages =
    options.livePages ??
    livePages({ settings: site.settings, samples: options.accounts.store.publishedSamples, log });
  app.use(requestLog(log, (c) => clientIp(c, trustProxy)));
  app.use(securityHeaders());
  app.use(hostCheck({ siteUrl: site.settings.siteUrl, trustProxy }));
  // gzip for text (HTML, JS, CSS, JSON) over 1 KB: the bundles shrink to about a third.
  app.use(compress());

  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // Server to server, before the browser-only guards below: Vapi sends no Origin or cookie, and
  // its reports can exceed 16 KB (the route limits the body and the rate itself).
  app.route(
    '/api/vapi/events',
    vapiEventRoutes({
      ...options.vapiEvents,
      reports: options.accounts.store.callReports,
      attempts: options.accounts.store.attempts,
      attributionSecret: options.sessionSecret,
      trustProxy,
      log,
      now: options.now ?? Date.now,
    }),
  );
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ error: `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).` }, 413),
    }),
  );
  app.use('/api/*', originCheck({ trustProxy }));
  // Two session cookies mean a planted one (e.g. from a sibling subdomain): trust neither.
  app.use('/api/*', async (c: Context, next) =>
    hasTwoSessionCookies(c) ? c.json({ error: TWO_SESSION_COOKIES }, 400) : next(),
  );
  app.route(
    '/api',
    browserApi(deps, {
      publicConfig: options.publicConfig ?? {},
      demoCalls: {
        reports: options.accounts.store.callReports,
        reportsConfigured: options.vapiEvents?.secret !== undefined,
        ...(options.demoCalls ? { vapi: options.demoCalls } : {}),
      },
      leads: { secret: options.sessionSecret, now: options.now ?? Date.now, mail, ...options.leads },
      setup: {
        vapiPublicKey: Boolean(options.publicConfig?.vapiPublicKey),
        // Every receptionist has an assistant: the default, or its own VAPI_ASSISTANT_ID_… .
        vapiAssistantId: receptionistAssistants(options.publicConfig ?? {}).length === RECEPTIONISTS.length,
        webhookSecret: options.vapiEvents?.secret !== undefined,
        siteDefaults: site.defaults,
        siteUrl: site.settings.siteUrl,
      },
      publishedSamples: {
        reports: options.accounts.store.callReports,
        samples: options.accounts.store.publishedSamples,
        now: options.now ?? Date.now,
        onChange: () => pages.refresh(),
        ...(options.recordingDownload ? { download: options.recordingDownload } : {}),
      },
      demoCallStart: {
        secret: options.sessionSecret,
        reports: options.accounts.store.callReports,
        now: options.now ?? Date.now,
        callsPerDay: options.demoCallLimits?.callsPerDay ?? DEFAULT_DEMO_CALLS_PER_DAY,
        maxCallSeconds: options.demoCallLimits?.maxCallSeconds ?? DEFAULT_DEMO_CALL_MAX_SECONDS,
      },
    }),
  );
  app.all('/api/*', (c) => c.json({ error: `No API route for ${c.req.method} ${c.req.path}.` }, 404));

  app.route(PUBLISHED_SAMPLE_PATH, publishedSampleFiles(options.accounts.store.publishedSamples));
  app.route('/', staticRoutes(options.clientDir, pages));

  app.onError((error, c) => {
    if (error instanceof GateFullError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json({ error: error.message }, 503);
    }
    if (error instanceof UserStoreError) {
      // The operator's detail (hosts, paths, driver text) goes to the log; the visitor gets the
      // store's public message.
      if (error.status >= 500) {
        const cause = error.cause === undefined ? {} : { error: String(error.cause) };
        log({ level: 'error', msg: error.message, path: c.req.path, ...cause });
      }
      return c.json({ error: error.publicMessage }, error.status as 400);
    }
    // A body that could not be read because the client hung up: nobody to answer, nothing of
    // ours failed (requestLog writes the abort line).
    if (clientAborted(c)) return c.body(null, 400);
    log({ level: 'error', msg: 'unhandled error', path: c.req.path, error: String(error) });
    return c.json({ error: SERVER_FAILED }, 500);
  });
  return app;
}
