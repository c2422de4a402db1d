import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Accounts, createStore, Sessions } from '@voxdesk/auth';
import { AfterAnswer } from './after-answer.ts';
import { createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { vapiDemoCalls } from './demo-calls-source.ts';
import { receptionistAssistants } from './routes/config.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { scheduleLeadRetention } from './lead-retention.ts';
import { livePages } from './live-pages.ts';
import { loadRenderer, renderSite } from './site-pages.ts';
import { jsonLogger, type Logger } from './request-log.ts';
import { resolveSessionSecret } from './session-secret.ts';
import { OutboxSender } from './mail/sender.ts';
import { createMail } from './mail/settings.ts';
import { logMailStart } from './mail/start-log.ts';
import { DailyDigest, scheduleDailyDigest } from './mail/digest.ts';

export interface RunningServer {
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the store. */
  close(): Promise<void>;
}

/** Opens the store, bootstraps the first Admin, and listens. */
export async function startServer(
  config: ServerConfig,
  options: { clientDir: string; log?: Logger; print?: (message: string) => void },
): Promise<RunningServer> {
  const log = options.log ?? jsonLogger;
  const print = options.print ?? ((message: string) => console.log(message));
  const store = createStore(config.store);
  const accounts = new Accounts(store, {
    onRehashError: (error) =>
      log({
        level: 'warn',
        msg: `could not re-hash a legacy password: ${String((error as Error)?.message ?? error)}`,
      }),
  });
  try {
    await ensureFirstAdmin(accounts, config.admin, print);
  } catch (error) {
    await store.close();
    throw error;
  }
  const sessionSecret = resolveSessionSecret(config.sessionSecret, config.dataDir, (message) =>
    log({ level: 'warn', msg: message }),
  );
  const sessions = new Sessions(store);
  // Expired and idle sessions are refused when read; this only keeps the table small.
  const sweep = setInterval(() => void sessions.sweep().catch(() => {}), 10 * 60_000);
  sweep.unref();
  const demoCalls = vapiDemoCalls(config.vapi);
  if (!config.vapi.webhookSecret) {
    log({
      level: 'info',
      msg: 'VAPI_WEBHOOK_SECRET is not set: POST /api/vapi/events answers 503 and no demo call reports are stored (docs/webhooks.md)',
    });
  }
  const publicConfig = {
    vapiPublicKey: config.vapi.publicKey,
    vapiAssistantId: config.vapi.assistantId,
    receptionists: config.vapi.receptionists,
  };
  const sender = new OutboxSender({
    outbox: store.outbox,
    ...(config.mail.smtpUrl ? { smtpUrl: config.mail.smtpUrl } : {}),
    from: config.mail.from,
    ...(config.mail.retryBaseMs ? { retryBaseMs: config.mail.retryBaseMs } : {}),
    // Poll at least as often as the first retry falls due.
    intervalMs: Math.min(5_000, config.mail.retryBaseMs ?? 5_000),
    log,
  });
  const mail = createMail(config.mail, sender, store.attempts, Date.now);
  // The public pages with the owner's settings (a restart picks up a change) and the published
  // sample calls (rendered again when one is published or unpublished).
  const renderer = await loadRenderer(options.clientDir);
  const pages = livePages({
    settings: config.site.settings,
    samples: store.publishedSamples,
    ...(renderer ? { render: (settings) => renderSite(options.clientDir, renderer, settings) } : {}),
    log,
  });
  await pages.refresh();
  if (config.site.defaults.siteUrl) {
    log({
      level: 'info',
      msg: 'SITE_URL is not set: canonical links, Open Graph tags and the sitemap name https://voxdesk.example, and only loopback names and IP addresses are answered (README: Configuration)',
    });
  }
  // Work done after answering (reset mail, access requests); close waits for it before the store goes.
  const afterAnswer = new AfterAnswer(log);
  const app = createApp({
    mail,
    afterAnswer,
    clientDir: options.clientDir,
    site: config.site,
    livePages: pages,
    accounts,
    sessionSecret,
    sessions,
    trustProxy: config.trustProxy,
    publicConfig,
    leads: {
      ...(config.leadsPerHour ? { perAddress: { limit: config.leadsPerHour, windowMs: 60 * 60_000 } } : {}),
      ...(config.leadsSitePerHour
        ? { perSite: { limit: config.leadsSitePerHour, windowMs: 60 * 60_000 } }
        : {}),
    },
    ...(demoCalls ? { demoCalls } : {}),
    demoCallLimits: { callsPerDay: config.demoCallsPerDay, maxCallSeconds: config.demoCallMaxSeconds },
    vapiEvents: {
      ...(config.vapi.webhookSecret ? { secret: config.vapi.webhookSecret } : {}),
      // Reports are kept for the assistants the demo talks to, and no others.
      assistantIds: [...new Set(receptionistAssistants(publicConfig).map((r) => r.assistantId))],
    },
    log,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () =>
      resolve(s as Server),
    );
    s.once('error', reject);
  });
  // Old leads are deleted as the privacy policy says (LEAD_RETENTION_DAYS).
  const stopRetention = scheduleLeadRetention(store.leads, config.site.settings.leadRetentionDays, { log });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  // Links in mail need the public address; without SITE_URL, the one we listen on.
  mail.settings.siteUrl ??= `http://${host}:${port}`;
  await logMailStart(config.mail, store.outbox, log);
  sender.start();
  // The optional daily digest (LEADS_DIGEST_HOUR), through the same outbox.
  const stopDigest = config.digest
    ? scheduleDailyDigest(new DailyDigest(store, mail.settings, config.digest), {
        log,
        kick: () => sender.kick(),
      })
    : () => {};

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets with no request in flight would hold close() open.
        server.closeIdleConnections();
      })
        .then(() => {
          clearInterval(sweep);
          stopRetention();
          stopDigest();
          return afterAnswer.idle();
        })
        .then(() => sender.stop())
        .then(() => store.close());
      return closing;
    },
  };
}
