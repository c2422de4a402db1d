import { Hono } from 'hono';
import type { ApiDeps } from './api-context.ts';
import { clientRoutes } from './routes/clients.ts';
import { configRoutes, type PublicConfig } from './routes/config.ts';
import { demoCallRoutes, hasDemoCallsSource, type DemoCallsOptions } from './routes/demo-calls.ts';
import { demoCallStartRoutes, type DemoCallStartOptions } from './routes/demo-call-start.ts';
import { leadRoutes, type LeadOptions } from './routes/leads.ts';
import { mailAdminRoutes } from './routes/mail-admin.ts';
import { passwordLinkRoutes } from './routes/password-links.ts';
import { publishedSampleRoutes, type PublishedSampleOptions } from './routes/published-samples.ts';
import { leadInviteRoutes } from './routes/lead-invite.ts';
import { sessionRoutes } from './routes/session.ts';
import { setupRoutes, type SetupOptions } from './routes/setup.ts';

export interface BrowserApiOptions {
  publicConfig: PublicConfig;
  demoCalls: DemoCallsOptions;
  leads: LeadOptions;
  demoCallStart: DemoCallStartOptions;
  publishedSamples: PublishedSampleOptions;
  /** The admin setup checklist's view of the configuration (mail and reports come from `leads` and `demoCalls`). */
  setup: SetupOptions['config'];
}

/**
 * The /api the browser calls, as one chained app: its type, `BrowserApi`, is the contract the
 * browser's typed client (`hc<BrowserApi>`, site/src/shared/api/) is checked against, so a
 * route's path, method, input or answer cannot change without the browser code failing to
 * compile. Mounted at /api behind the origin, body-size and cookie checks of app.ts.
 */
export function browserApi(deps: ApiDeps, options: BrowserApiOptions) {
  const { demoCalls } = options;
  return new Hono()
    .route('/session', sessionRoutes(deps))
    .route('/clients', clientRoutes(deps))
    .route(
      '/config',
      configRoutes(options.publicConfig, deps, { demoCalls: () => hasDemoCallsSource(demoCalls) }),
    )
    .route('/admin/demo-calls', demoCallRoutes(deps, demoCalls))
    .route('/admin/samples', publishedSampleRoutes(deps, options.publishedSamples))
    .route('/demo/calls', demoCallStartRoutes(deps, options.demoCallStart))
    .route(
      '/admin/setup',
      setupRoutes(deps, { config: options.setup, mail: options.leads.mail, reports: demoCalls.reports }),
    )
    .route('/admin', mailAdminRoutes(deps, options.leads.mail))
    .route('/', leadRoutes(deps, options.leads))
    .route('/', leadInviteRoutes(deps, { mail: options.leads.mail, now: options.leads.now }))
    .route('/', passwordLinkRoutes(deps, { mail: options.leads.mail, now: options.leads.now }));
}

export type BrowserApi = ReturnType<typeof browserApi>;
