import { randomUUID } from 'node:crypto';
import { signWebhook } from '@voxdesk/sdk/webhooks';
import { playCallLifecycle } from '@voxdesk/vapi-mock';
import { e2eWebhookSecret } from './fixtures.ts';
import { expect, test } from './log-in.ts';

/**
 * A whole fake demo call played against the running server's Vapi server URL (signed with
 * its VAPI_WEBHOOK_SECRET, the report delivered twice), then seen once by the Admin in
 * 'Recent demo calls' with its summary and transcript.
 */
test('a fake call lifecycle reaches the Admin’s Recent demo calls, once', async ({
  page,
  baseURL,
  loginAsAdmin,
}) => {
  const serverUrl = `${baseURL}/api/vapi/events`;
  const credential = { type: 'hmac', algorithm: 'sha256', secretKey: e2eWebhookSecret } as const;
  const summary = `E2E caller ${randomUUID()} booked a check-up.`;

  await test.step('Vapi (fake) plays the call; every delivery is answered 200', async () => {
    const played = await playCallLifecycle({
      serverUrl,
      credential,
      summary,
      durationSeconds: 95,
      endedReason: 'customer-ended-call',
      duplicateReport: true,
    });
    expect(played.deliveries.map((d) => d.status)).toEqual(played.deliveries.map(() => 200));
    expect(played.deliveries.filter((d) => d.type === 'end-of-call-report')).toHaveLength(2);
  });

  await test.step('a forged delivery is refused and stores nothing', async () => {
    const forged = await signWebhook(
      { ...credential, secretKey: 'not-the-e2e-secret-000000' },
      {
        body: JSON.stringify({
          message: {
            type: 'end-of-call-report',
            call: { id: 'forged-call' },
            endedReason: 'customer-ended-call',
            analysis: { summary: 'FORGED' },
            artifact: { transcript: '' },
          },
        }),
      },
    );
    const response = await fetch(serverUrl, { method: 'POST', ...forged });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Webhook verification failed (bad-signature).' });
  });

  await test.step('the Admin sees the call once, with summary, duration, ended reason and transcript', async () => {
    await loginAsAdmin(page);
    await page.goto('/admin');
    const panel = page.getByRole('region', { name: 'Recent demo calls, scrollable' });
    const rows = panel.getByRole('row').filter({ hasText: summary });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('1m 35s');
    await expect(rows).toContainText('customer ended call');
    await expect(page.getByText('FORGED')).toHaveCount(0);
    const transcript = rows.getByText(/User: No, thanks\. Bye!/);
    await expect(transcript).toBeHidden();
    await rows.getByText('Show transcript').click();
    await expect(transcript).toBeVisible();
  });
});
