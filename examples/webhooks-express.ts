/**
 * A Vapi server URL on Express: verified events, a tool Vapi can call, the end-of-call report.
 *
 *   VAPI_WEBHOOK_SECRET=<secret> PORT=3000 node examples/webhooks-express.ts
 */
import express from 'express';
import { toNodeListener } from '@voxdesk/sdk/node';
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

const app = express();
// Before any body parser: the handler verifies the raw body, which a parser would consume.
app.post('/api/vapi', toNodeListener(vapi));
app.use(express.json()); // the rest of your app may parse JSON as usual

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : process.env.PORT;
  console.log(`listening on http://127.0.0.1:${port}/api/vapi`);
});
