/**
 * A voice agent's server: the three things an agent reaches for beyond the REST API.
 *
 *   POST /api/vapi  the assistant's server URL: a tool whose arguments a zod schema types and
 *                   checks, and live control of each call as it starts (a recording notice)
 *   POST /chat      a text chat with the assistant ({ "input": "…" }), streamed back to the
 *                   client as newline-delimited JSON while the model writes it
 *
 * With RECORDINGS_DIR set it also listens to each call as it starts (its monitor.listenUrl) and
 * records it to RECORDINGS_DIR/<call id>.wav, both channels (customer left, assistant right);
 * VAPI_PUBLIC_KEY is sent there when the assistant turns listen authentication on.
 *
 *   VAPI_TOKEN=<private key> VAPI_WEBHOOK_SECRET=<secret> ASSISTANT_ID=<id> PORT=3000 \
 *     PUBLIC_URL=https://<your tunnel> RECORDINGS_DIR=./recordings node examples/voice-agent.ts
 *
 * With PUBLIC_URL set it first makes the account's `bookAppointment` tool match the one below
 * (`syncTools`), pointing Vapi at PUBLIC_URL/api/vapi.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { Vapi } from '@voxdesk/sdk';
import { listenToCall, type ListenableCall } from '@voxdesk/sdk/listen';
import { toNodeListener, writeWav } from '@voxdesk/sdk/node';
import { streamChat } from '@voxdesk/sdk/streaming';
import { defineTool, syncTools } from '@voxdesk/sdk/tools';
import { createWebhookHandler } from '@voxdesk/sdk/webhooks';

const secret = process.env.VAPI_WEBHOOK_SECRET;
const assistantId = process.env.ASSISTANT_ID;
if (!secret || !assistantId) {
  console.error(
    'Set VAPI_WEBHOOK_SECRET (your server URL secret) and ASSISTANT_ID (the assistant to chat with).',
  );
  process.exit(2);
}
const vapi = new Vapi({ token: process.env.VAPI_TOKEN, baseUrl: process.env.VAPI_BASE_URL });

const bookAppointment = defineTool({
  name: 'bookAppointment',
  description: 'Books a check-up for the caller',
  parameters: z.object({
    day: z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']),
    time: z.string(),
  }),
  handler: ({ day, time }) => ({
    result: { booked: true, day, time },
    message: `You are booked for ${day} at ${time}.`,
  }),
  timeoutMs: 8000,
});

const recordings = process.env.RECORDINGS_DIR;

/** Records a live call until it ends; runs beside the webhook's answer, never delaying it. */
async function record(call: ListenableCall & { id: string }): Promise<void> {
  const file = join(recordings!, `${call.id}.wav`);
  try {
    const listener = await listenToCall(vapi, call, { publicKey: process.env.VAPI_PUBLIC_KEY });
    const { seconds } = await writeWav(listener, file);
    console.log(`recorded call ${call.id}: ${seconds.toFixed(1)} s to ${file}`);
  } catch (error) {
    // A dropped socket still leaves a valid WAV of what arrived.
    console.error(`recording call ${call.id} stopped: ${String(error)}`);
  }
}

const webhook = createWebhookHandler({
  secret,
  awaitNotifications: true,
  tools: { bookAppointment },
  on: {
    'status-update': async (message, ctx) => {
      console.log(`call ${message.call?.id}: ${message.status}`);
      // Live control: posted to the call's monitor.controlUrl (no API key goes there).
      if (message.status !== 'in-progress') return;
      if (recordings && message.call) void record(message.call);
      await ctx.control.say('This call may be recorded.');
    },
  },
});

async function chat(request: Request): Promise<Response> {
  const { input } = (await request.json()) as { input?: unknown };
  if (typeof input !== 'string' || !input)
    return Response.json({ error: 'Send { "input": "…" }.' }, { status: 400 });
  const stream = await streamChat(vapi, { assistantId, input }, { signal: request.signal });
  return new Response(stream.toReadableStream(), { headers: { 'content-type': 'application/x-ndjson' } });
}

async function route(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === 'POST' && pathname === '/api/vapi') return webhook(request);
  if (request.method === 'POST' && pathname === '/chat') return chat(request);
  return Response.json({ error: 'Not found' }, { status: 404 });
}

if (process.env.PUBLIC_URL) {
  const synced = await syncTools(vapi, [bookAppointment], {
    serverUrl: `${process.env.PUBLIC_URL}/api/vapi`,
    secret,
  });
  for (const tool of synced) console.log(`tool ${tool.name} ${tool.action} (${tool.id})`);
}

const server = createServer(toNodeListener(route));
server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}`);
});
