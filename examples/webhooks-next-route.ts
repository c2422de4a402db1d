/**
 * A Vapi server URL as a Next.js route handler: save as `app/api/vapi/route.ts` and set
 * VAPI_WEBHOOK_SECRET. Next.js passes the Request untouched, so the raw body is verified.
 */
import { createWebhookHandler } from '@voxdesk/sdk/webhooks';

export const POST = createWebhookHandler({
  secret: process.env.VAPI_WEBHOOK_SECRET ?? '',
  tools: {
    bookAppointment: async ({ day, time }: { day: string; time: string }) => `Booked for ${day} at ${time}.`,
  },
  on: {
    // Answer the phone with an assistant picked per caller.
    'assistant-request': (message) =>
      message.customer?.number?.startsWith('+61')
        ? { assistantId: 'reception-au' }
        : { assistantId: 'reception' },
    'end-of-call-report': (report) =>
      console.log(`call ${report.call?.id} ended (${report.endedReason}): ${report.analysis.summary}`),
  },
});
