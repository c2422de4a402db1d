import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MailTestSent } from '../contract/api-types.ts';
import { OutboxSender } from '../server/mail/sender.ts';
import { createMail, DEFAULT_MAIL_FROM } from '../server/mail/settings.ts';
import { siteConfigFromEnv } from '../server/site-config.ts';
import { realAdmin, serveRealSiteApi } from './real-site-api.ts';
import { renderAdminAt } from './render-admin.tsx';

// The real site server in-process (createApp over a temp SQLite file).
const api = serveRealSiteApi();
beforeEach(() => api.signIn(realAdmin));

const panel = async () =>
  (await screen.findByRole('heading', { name: 'Setup checklist' })).closest('section')!;
const itemOf = (section: HTMLElement, setting: string) =>
  within(section).getByText(setting, { selector: 'code' }).closest('li')!;

/** Restarts the app with SMTP_URL and every setting, as the environment would give them. */
function configureEverything(smtpUrl: string) {
  const sender = new OutboxSender({
    outbox: api.store.outbox,
    smtpUrl,
    from: DEFAULT_MAIL_FROM,
    log: () => {},
  });
  api.reconfigure({
    mail: createMail({ from: DEFAULT_MAIL_FROM, smtpUrl }, sender, api.store.attempts, Date.now),
    publicConfig: { vapiPublicKey: 'pk_test', vapiAssistantId: 'asst_demo' },
    vapiEvents: { secret: 'whsec-component-test-0123' },
    site: siteConfigFromEnv({
      SCHEDULING_URL: 'https://cal.example.com.au/book',
      PROMO_VIDEO_ID: 'abcdefghijk',
      SITE_URL: 'http://localhost',
    }).config!,
  });
}

describe('/admin setup checklist', () => {
  it('with nothing set, says what to set for each item, and why the test email was not sent', async () => {
    const user = userEvent.setup();
    renderAdminAt('/admin');
    const section = await panel();
    expect(within(section).getByText('0 of 8 set')).toBeVisible();
    for (const setting of [
      'VAPI_PUBLIC_KEY',
      'VAPI_ASSISTANT_ID',
      'VAPI_WEBHOOK_SECRET',
      'SMTP_URL',
      'SCHEDULING_URL',
      'PROMO_VIDEO_ID',
      'SITE_URL',
    ]) {
      expect(itemOf(section, setting)).toHaveTextContent(/^To do/);
    }
    expect(within(section).getAllByText('To do')).toHaveLength(8);

    await user.click(within(section).getByRole('button', { name: 'Send test email' }));
    expect(await within(section).findByText(/^Test email not sent/)).toHaveTextContent(
      'Test email not sent: SMTP_URL is not set, so no mail can be sent. Set it and restart the server.',
    );
    expect(within(section).getByRole('status')).toHaveTextContent(/^Test email not sent/);
    expect(api.requests).toContain('POST /api/admin/mail-test');
  });

  it('with everything set but reports: 7 of 8, and the test email says sent or why not', async () => {
    configureEverything('smtp://127.0.0.1:2525');
    // The mail server's verdict as the route answers it. The route itself is tested against a
    // real SMTP server in server/test/mail-outbox.test.ts: here its socket would be opened
    // inside an msw handler, where it never connects.
    let verdict: 'sent' | 'refused' = 'sent';
    api.use(
      http.post('*/api/admin/mail-test', () =>
        verdict === 'sent'
          ? HttpResponse.json({ ok: true } satisfies MailTestSent)
          : HttpResponse.json(
              { error: 'The mail server did not accept the test email: 550 No such mailbox here' },
              { status: 502 },
            ),
      ),
    );
    const user = userEvent.setup();
    renderAdminAt('/admin');
    const section = await panel();
    expect(within(section).getByText('7 of 8 set')).toBeInTheDocument();
    expect(itemOf(section, 'SMTP_URL')).toHaveTextContent(/^Done/);
    expect(itemOf(section, 'VAPI_WEBHOOK_SECRET')).toHaveTextContent(/^Done/);
    expect(within(section).getAllByText('To do')).toHaveLength(1);
    expect(within(section).getByText('To do').closest('li')).toHaveTextContent('Call reports from Vapi');

    const send = within(section).getByRole('button', { name: 'Send test email' });
    await user.click(send);
    expect(await within(section).findByText(/^Test email sent/)).toHaveAttribute('role', 'status');

    verdict = 'refused';
    await user.click(send);
    expect(await within(section).findByText(/^Test email not sent/)).toHaveTextContent(
      'Test email not sent: The mail server did not accept the test email: 550 No such mailbox here',
    );
    // One status line: the earlier answer is replaced, not stacked.
    expect(within(section).getAllByRole('status')).toHaveLength(1);
  });

  it('folds the list away once everything is set', async () => {
    configureEverything('smtp://127.0.0.1:2525');
    await api.store.callReports.saveCallReport({
      callId: 'call-1',
      assistantId: 'asst_demo',
      startedAt: null,
      endedAt: null,
      durationSeconds: null,
      endedReason: null,
      cost: null,
      summary: null,
      transcript: '',
      recordingUrl: null,
      clientId: null,
      receptionist: null,
      preview: false,
      receivedAt: Date.now(),
    });
    renderAdminAt('/admin');
    const section = await panel();
    expect(within(section).getByText('8 of 8 set: everything is configured')).toBeVisible();
    expect(section.querySelector('details')).not.toHaveAttribute('open');
  });

  it('says so when the checklist cannot be loaded', async () => {
    api.cutNetwork('/api/admin/setup');
    renderAdminAt('/admin');
    const section = await panel();
    expect(within(section).getByRole('alert')).toHaveTextContent('Failed to load the setup checklist');
  });
});
