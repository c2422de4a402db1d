/**
 * A Vapi server URL on Hono: verified events, a tool Vapi can call, the end-of-call report.
 *
 *   VAPI_WEBHOOK_SECRET=<secret> PORT=3000 node examples/webhooks-hono.ts
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createWebhookHandler } from '@voxdesk/sdk/webhooks';

const secret = process.env.VAPI_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set VAPI_WEBHOOK_SECRET to the secret of your server URL credential.');
  process.exit(2);
}

const vapi = createWebhookHandler({
  secret,
  tools: {
    // The assistant's `bookAppointment` function tool: its answer is what the caller hears about.
    bookAppointment: async ({ day, time }: { day: string; time: string }) => `Booked for ${day} at ${time}.`,
  },
  on: {
    'status-update': (message) => console.log(`call ${message.call?.id}: ${message.status}`),
    'end-of-call-report': (report) =>
      console.log(`call ${report.call?.id} ended (${report.endedReason}): ${report.analysis.summary}`),
  },
});

const app = new Hono();
// c.req.raw is the untouched Request: the handler verifies its raw body.
app.post('/api/vapi', (c) => vapi(c.req.raw));

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 3000) }, (info) =>
  console.log(`listening on http://127.0.0.1:${info.port}/api/vapi`),
);
