import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toNodeListener } from '@voxdesk/sdk/node';
import {
  createWebhookHandler,
  type HmacCredential,
  type ServerMessage,
  type WebhookHandlerOptions,
} from '@voxdesk/sdk/webhooks';
import { playCallLifecycle } from '../src/index.ts';

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

/** A user's server: the SDK handler on a loopback port, recording what it verified. */
async function userServer(options: WebhookHandlerOptions) {
  const seen: ServerMessage[] = [];
  const record = (message: ServerMessage) => void seen.push(message);
  const on = { 'status-update': record, transcript: record, 'end-of-call-report': record };
  const handler = createWebhookHandler({ on, onError: () => {}, ...options });
  const server = createServer(toNodeListener(handler));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/vapi`, seen };
}

const credential: HmacCredential = {
  type: 'hmac',
  algorithm: 'sha512',
  secretKey: 'lifecycle-secret',
  signatureEncoding: 'base64',
  signaturePrefix: 'v1=',
  payloadFormat: '{timestamp}:{url}:{body}',
};

describe('playCallLifecycle', () => {
  it('plays status updates, transcripts, a tool-call round trip and the report, all verified', async () => {
    const user = await userServer({
      credentials: credential,
      tools: { bookAppointment: ({ day, time }: { day: string; time: string }) => `Booked ${day} ${time}.` },
    });
    const startedAt = new Date('2026-11-20T01:00:00Z');
    const played = await playCallLifecycle({
      serverUrl: user.url,
      credential,
      callId: 'call-123',
      startedAt,
      durationSeconds: 61,
      cost: 0.42,
      endedReason: 'assistant-ended-call',
      summary: 'Booked Monday.',
    });
    expect(played.deliveries.map((d) => [d.type, d.status])).toEqual([
      ['status-update', 200],
      ['status-update', 200],
      ['status-update', 200],
      ['transcript', 200],
      ['transcript', 200],
      ['tool-calls', 200],
      ['transcript', 200],
      ['transcript', 200],
      ['status-update', 200],
      ['end-of-call-report', 200],
    ]);
    expect(played.deliveries.filter((d) => d.type === 'status-update').map((d) => d.message.status)).toEqual([
      'queued',
      'ringing',
      'in-progress',
      'ended',
    ]);
    expect(played.toolCallAnswer).toEqual({
      results: [{ toolCallId: 'call-123-tool-1', name: 'bookAppointment', result: 'Booked Monday 09:30.' }],
    });
    expect(played.report).toMatchObject({
      type: 'end-of-call-report',
      endedReason: 'assistant-ended-call',
      cost: 0.42,
      durationSeconds: 61,
      startedAt: '2026-11-20T01:00:00.000Z',
      endedAt: '2026-11-20T01:01:01.000Z',
      analysis: { summary: 'Booked Monday.' },
      call: { id: 'call-123', status: 'ended' },
    });
    expect((played.report.artifact as { transcript: string }).transcript).toContain(
      'User: I would like a check-up on Monday morning.',
    );
    // Notifications run after the 200, so give them a moment to land.
    await expect.poll(() => user.seen.length).toBe(9);
    expect(user.seen.every((m) => (m as { call?: { id?: string } }).call?.id === 'call-123')).toBe(true);
  });

  it('a server holding another secret refuses every delivery, and the tool answer records the 401', async () => {
    const user = await userServer({ credentials: { ...credential, secretKey: 'other' } });
    const played = await playCallLifecycle({
      serverUrl: user.url,
      credential,
      transcript: [],
      toolCalls: [],
    });
    expect(new Set(played.deliveries.map((d) => d.status))).toEqual(new Set([401]));
    expect(played.deliveries.map((d) => d.type)).toEqual([
      'status-update',
      'status-update',
      'status-update',
      'status-update',
      'end-of-call-report',
    ]);
    expect(user.seen).toEqual([]);
  });

  it('duplicateReport delivers the same report twice; bearer credentials work', async () => {
    const user = await userServer({ credentials: { type: 'bearer', token: 'tok' } });
    const played = await playCallLifecycle({
      serverUrl: user.url,
      credential: { type: 'bearer', token: 'tok' },
      duplicateReport: true,
      toolCalls: [],
    });
    const reports = played.deliveries.filter((d) => d.type === 'end-of-call-report');
    expect(reports).toHaveLength(2);
    expect(reports[1]!.message).toEqual(reports[0]!.message);
    expect(reports.map((r) => r.status)).toEqual([200, 200]);
  });

  it('refuses unknown options, a bad server URL and a negative duration, sending nothing', async () => {
    const send = vi.fn();
    const fetch = send as unknown as typeof globalThis.fetch;
    await expect(
      playCallLifecycle({ serverUrl: 'http://127.0.0.1:1/x', fetch, secret: 'x' } as never),
    ).rejects.toThrow('playCallLifecycle: unknown "secret". Known: serverUrl, credential,');
    await expect(playCallLifecycle({ serverUrl: '127.0.0.1:3000/vapi', fetch })).rejects.toThrow(
      'serverUrl must be an http(s) URL',
    );
    await expect(
      playCallLifecycle({ serverUrl: 'http://127.0.0.1:1/', durationSeconds: -1, fetch }),
    ).rejects.toThrow('durationSeconds must be a number ≥ 0, got -1');
    expect(send).not.toHaveBeenCalled();
  });
});
