// The admin setup checklist: which of the owner's settings are still missing or defaults,
// each naming the exact setting to change. Pure: the route gathers the facts.
import type { CallReportStore } from '@voxdesk/auth';
import type { SetupItem } from '../contract/api-types.ts';
import type { SiteDefaults } from './site-config.ts';

/** What the server knows about its own configuration (all read at start, except `reportReceived`). */
export interface SetupFacts {
  vapiPublicKey: boolean;
  vapiAssistantId: boolean;
  webhookSecret: boolean;
  /** A verified end-of-call report from Vapi has been stored (previews do not count). */
  reportReceived: boolean;
  smtpConfigured: boolean;
  siteDefaults: SiteDefaults;
  /** The public origin (SITE_URL), to spell out the webhook's address. */
  siteUrl: string;
}

export function setupChecklist(f: SetupFacts): SetupItem[] {
  // The default origin is nobody's address: then the Admin fills in their own.
  const eventsUrl = `${f.siteDefaults.siteUrl ? '<your site>' : f.siteUrl}/api/vapi/events`;
  return [
    {
      id: 'vapi-public-key',
      ok: f.vapiPublicKey,
      title: 'Vapi public key',
      setting: 'VAPI_PUBLIC_KEY',
      detail: f.vapiPublicKey
        ? 'Set: the demo can start calls in the browser.'
        : 'Not set: the demo cannot start a call. Copy the public key from the Vapi dashboard (API Keys).',
    },
    {
      id: 'vapi-assistant-id',
      ok: f.vapiAssistantId,
      title: 'Vapi assistant',
      setting: 'VAPI_ASSISTANT_ID',
      detail: f.vapiAssistantId
        ? 'Set: the demo talks to this assistant.'
        : 'Not set: the demo has no assistant to call. Use the id of the assistant in the Vapi dashboard.',
    },
    {
      id: 'vapi-webhook-secret',
      ok: f.webhookSecret,
      title: 'Vapi webhook secret',
      setting: 'VAPI_WEBHOOK_SECRET',
      detail: f.webhookSecret
        ? 'Set: signed call reports are accepted at /api/vapi/events.'
        : 'Not set: /api/vapi/events answers 503 and no call reports are kept (try: openssl rand -hex 32).',
    },
    {
      id: 'vapi-reports',
      ok: f.reportReceived,
      title: 'Call reports from Vapi',
      setting: `Server URL of the assistant in Vapi: ${eventsUrl}, with VAPI_WEBHOOK_SECRET as its credential`,
      detail: f.reportReceived
        ? 'A signed end-of-call report has been received.'
        : 'No signed end-of-call report has been received yet: set the server URL in Vapi, then make a demo call.',
    },
    {
      id: 'smtp',
      ok: f.smtpConfigured,
      title: 'Outgoing mail (SMTP)',
      setting: 'SMTP_URL',
      detail: f.smtpConfigured
        ? 'Set: notifications are sent. Send a test email to check the mail server accepts them.'
        : 'Not set: notifications wait in the outbox, e.g. smtp://user:password@host:587.',
    },
    {
      id: 'scheduling-url',
      ok: !f.siteDefaults.schedulingUrl,
      title: 'Booking page',
      setting: 'SCHEDULING_URL',
      detail: f.siteDefaults.schedulingUrl
        ? '"Book a Call" still opens the example booking page: use your own https:// link.'
        : '"Book a Call" opens your booking page.',
    },
    {
      id: 'promo-video',
      ok: !f.siteDefaults.promoVideo,
      title: 'Promo video',
      setting: 'PROMO_VIDEO_ID',
      detail: f.siteDefaults.promoVideo
        ? 'The home page still shows the sample video: use the 11-character id of your YouTube video.'
        : 'The home page shows your video.',
    },
    {
      id: 'site-url',
      ok: !f.siteDefaults.siteUrl,
      title: 'Public site address',
      setting: 'SITE_URL',
      detail: f.siteDefaults.siteUrl
        ? 'Canonical links, Open Graph tags and the sitemap still name https://voxdesk.example: set your https:// origin.'
        : 'Canonical links, Open Graph tags and the sitemap name your address.',
    },
  ];
}

/** Whether a verified Vapi report was ever stored: pages newest first, skipping preview calls. */
export async function hasVapiReport(reports: CallReportStore): Promise<boolean> {
  let before: string | undefined;
  do {
    const page = await reports.listCallReports({ limit: 100, ...(before ? { before } : {}) });
    if (page.reports.some((report) => !report.preview)) return true;
    before = page.next;
  } while (before);
  return false;
}
