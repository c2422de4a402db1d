/**
 * The SDK's call listen (`@voxdesk/sdk/listen`) and WAV writer (`@voxdesk/sdk/node`) against
 * the fake's listen sockets: Node's own WebSocket on loopback, the recorded fixture, real files
 * checked by sox.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Vapi, VapiAbortError, VapiArgumentError, VapiConnectionError } from '@voxdesk/sdk';
import { listenToCall, VapiListenOverflowError, type AudioFrame, type ListenItem } from '@voxdesk/sdk/listen';
import { writeWav } from '@voxdesk/sdk/node';
import { listenFixture, startFakeVapiServer, type FakeVapiServer } from '../src/index.ts';

const TOKEN = 'sk-private';
const PUBLIC = 'pk-public';
let clock = Date.parse('2026-11-20T10:00:00.000Z');
let server: FakeVapiServer;
let vapi: Vapi;
let dir: string;
const fixture = listenFixture();
const FRAMES = fixture.pcm.length / (fixture.frameSamples * fixture.channels * 2);

beforeAll(async () => {
  server = await startFakeVapiServer({
    token: TOKEN,
    now: () => clock,
    seed: { tokens: [{ tag: 'public', value: PUBLIC }] },
    callPace: { durationSeconds: 60 },
  });
  vapi = new Vapi({ token: TOKEN, baseUrl: server.url });
  dir = mkdtempSync(join(tmpdir(), 'voxdesk-listen-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => server.reset());

/** The next listen socket sends the recorded call as fast as it is taken (real time is the default). */
const fast = () => server.listenNext({ frameMs: 0 });

async function liveCall(assistant: Record<string, unknown> = { name: 'Reception' }) {
  const { id: assistantId } = await vapi.assistants.create(assistant);
  const call = await vapi.calls.createWeb({ assistantId });
  clock += 3000;
  return call;
}

async function collect(items: AsyncIterable<ListenItem>): Promise<ListenItem[]> {
  const out: ListenItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const bytesOf = (frames: AudioFrame[]) =>
  Buffer.concat(frames.map((f) => Buffer.from(f.pcm.buffer, f.pcm.byteOffset, f.pcm.byteLength)));

const listenRequests = (id: string) =>
  server.state.requests.filter((r) => r.path === `/__monitor/${id}/listen`);

/** `soxi` fields of a WAV: channels, rate, samples per channel, bits. */
function soxInfo(file: string) {
  const field = (flag: string) => Number(execFileSync('soxi', [flag, file], { encoding: 'utf8' }).trim());
  return { channels: field('-c'), sampleRate: field('-r'), samples: field('-s'), bits: field('-b') };
}

/** The WAV's samples as sox decodes them (raw 16-bit little-endian). */
const soxSamples = (file: string) =>
  new Int16Array(
    new Uint8Array(execFileSync('sox', [file, '-t', 'raw', '-e', 'signed', '-b', '16', '-L', '-'])).buffer,
  );

describe('listenToCall against the fake', () => {
  it('yields the start frame, every PCM frame of the call and its transcripts, then ends', async () => {
    const call = await liveCall();
    fast();
    const listener = await listenToCall(vapi, call);
    const items = await collect(listener);
    const frames = items.filter((i): i is AudioFrame => i.kind === 'audio');
    const events = items.flatMap((i) => (i.kind === 'event' ? [i.message] : []));
    expect(events[0]).toEqual({
      type: 'start',
      encoding: 'linear16',
      container: 'raw',
      sampleRate: 16000,
      channels: 2,
    });
    expect(events.slice(1)).toEqual(
      fixture.lines.map((l) => ({
        type: 'transcript',
        role: l.role,
        transcriptType: 'final',
        transcript: l.text,
      })),
    );
    expect(frames).toHaveLength(FRAMES);
    expect(frames.every((f) => f.channels === 2 && f.sampleRate === 16000 && f.pcm.length === 640)).toBe(
      true,
    );
    expect(bytesOf(frames).equals(Buffer.from(fixture.pcm))).toBe(true);
    expect(listener).toMatchObject({ frameCount: FRAMES, eventCount: 3, droppedFrames: 0 });
    // No key at all went to the listen URL: listen authentication is off.
    expect(listenRequests(call.id).map((r) => r.headers.authorization)).toEqual([undefined]);
  }, 60_000);

  it('writes a valid WAV of both channels, and one per party', async () => {
    const call = await liveCall();
    const both = join(dir, 'call.wav');
    fast();
    const summary = await writeWav(await listenToCall(vapi, call.id), both);
    const samples = fixture.pcm.length / 4;
    expect(summary).toEqual({ frames: FRAMES, samples, sampleRate: 16000, seconds: samples / 16000 });
    expect(soxInfo(both)).toEqual({ channels: 2, sampleRate: 16000, samples, bits: 16 });
    const decoded = soxSamples(both);
    const recorded = new Int16Array(fixture.pcm.buffer, fixture.pcm.byteOffset, fixture.pcm.length / 2);
    expect(decoded.length).toBe(recorded.length);
    // A known sample: the loudest point of the customer's line, where it was recorded.
    let loudest = 0;
    for (let i = 0; i < recorded.length; i += 2)
      if (Math.abs(recorded[i]!) > Math.abs(recorded[loudest]!)) loudest = i;
    expect(recorded[loudest]).not.toBe(0);
    expect(decoded[loudest]).toBe(recorded[loudest]);
    expect(Buffer.from(decoded.buffer).equals(Buffer.from(fixture.pcm))).toBe(true);

    fast();
    const customer = join(dir, 'customer.wav');
    const assistant = join(dir, 'assistant.wav');
    await writeWav(await listenToCall(vapi, call.id), { customer, assistant });
    for (const [file, channel] of [
      [customer, 0],
      [assistant, 1],
    ] as const) {
      expect(soxInfo(file)).toEqual({ channels: 1, sampleRate: 16000, samples, bits: 16 });
      const mono = soxSamples(file);
      expect(mono.every((s, i) => s === recorded[i * 2 + channel])).toBe(true);
    }
    // The customer speaks first; the assistant's channel is silent then.
    const customerLine = fixture.lines[0]!.endsAtFrame * fixture.frameSamples;
    expect(
      soxSamples(assistant)
        .subarray(0, customerLine)
        .every((s) => s === 0),
    ).toBe(true);
    expect(
      soxSamples(customer)
        .subarray(0, customerLine)
        .some((s) => s !== 0),
    ).toBe(true);
  }, 60_000);

  it('sends the public key when listen authentication is on, and never the private key', async () => {
    const call = await liveCall({ name: 'Locked', monitorPlan: { listenAuthenticationEnabled: true } });
    const refused = await listenToCall(vapi, call).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VapiConnectionError);
    expect(String(refused)).toContain('closed before opening');
    fast();
    const wrongKey = await listenToCall(vapi, call, { publicKey: TOKEN }).catch((error: unknown) => error);
    expect(wrongKey).toBeInstanceOf(VapiConnectionError);
    const items = await collect(await listenToCall(vapi, call, { publicKey: PUBLIC }));
    expect(items.filter((i) => i.kind === 'audio')).toHaveLength(FRAMES);
    // Node's WebSocket (undici) sends a handshake answered 401 twice: the platform, not a reconnect.
    const sent = listenRequests(call.id).map((r) => r.headers.authorization);
    expect(sent.filter((value, i) => i === 0 || value !== sent[i - 1])).toEqual([
      undefined,
      `Bearer ${TOKEN}`,
      `Bearer ${PUBLIC}`,
    ]);
  }, 60_000);

  it('fails clearly without a listen URL, on bad options, and where headers cannot be sent', async () => {
    const quiet = await liveCall({ name: 'Quiet', monitorPlan: { listenEnabled: false } });
    await expect(listenToCall(vapi, quiet.id)).rejects.toThrow(
      `call ${quiet.id} has no monitor.listenUrl (ws: or wss:): not live, or monitorPlan.listenEnabled is false`,
    );
    const call = await liveCall();
    await expect(listenToCall(vapi, call, { onOverflow: 'block' as never })).rejects.toBeInstanceOf(
      VapiArgumentError,
    );
    await expect(listenToCall(vapi, call, { maxBufferedBytes: 0 })).rejects.toBeInstanceOf(VapiArgumentError);
    await expect(listenToCall(vapi, call, { timeout: -1 })).rejects.toThrow(
      'timeout must be a number of ms > 0',
    );
    // A browser: no process, Deno or Bun, so no headers on a WebSocket (checked before any await).
    vi.stubGlobal('process', undefined);
    let inBrowser: Promise<unknown>;
    try {
      inBrowser = listenToCall(vapi, call, { publicKey: PUBLIC });
    } finally {
      vi.unstubAllGlobals();
    }
    await expect(inBrowser).rejects.toThrow(/cannot send headers.*listen from a server/);
    expect(listenRequests(call.id)).toEqual([]);
  }, 60_000);

  it('delivers what arrived before a drop, then throws VapiConnectionError counting it', async () => {
    const call = await liveCall();
    server.listenNext({ frameMs: 0, dropAfter: 10 });
    const listener = await listenToCall(vapi, call);
    const items: ListenItem[] = [];
    const error = await (async () => {
      for await (const item of listener) items.push(item);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiConnectionError);
    expect(String(error)).toMatch(
      /the listen socket dropped \(code 1006\) after 10 audio frames and 1 events/,
    );
    expect(items.filter((i) => i.kind === 'audio')).toHaveLength(10);
    // Never reconnected: one upgrade request.
    expect(listenRequests(call.id)).toHaveLength(1);
  }, 60_000);

  it('fails a consumer that falls behind maxBufferedBytes, or drops the oldest audio when asked', async () => {
    const call = await liveCall();
    server.listenNext({ frameMs: 0, repeat: 5 });
    const limit = 64 * 1024;
    const slow = await listenToCall(vapi, call, { maxBufferedBytes: limit });
    // Nothing is read until more than the limit arrived: 52 frames of 1,280 B (and two small events).
    const over = 52;
    await vi.waitFor(() => expect(slow.frameCount).toBeGreaterThanOrEqual(over), { timeout: 30_000 });
    await expect(collect(slow)).rejects.toBeInstanceOf(VapiListenOverflowError);
    expect(slow.frameCount).toBe(over);

    server.listenNext({ frameMs: 0, repeat: 5 });
    const dropping = await listenToCall(vapi, call, { maxBufferedBytes: limit, onOverflow: 'drop-oldest' });
    await vi.waitFor(() => expect(dropping.frameCount).toBe(5 * FRAMES), { timeout: 30_000 });
    const items = await collect(dropping);
    const kept = items.filter((i) => i.kind === 'audio').length;
    expect(kept).toBeLessThanOrEqual(limit / 1280);
    expect(kept + dropping.droppedFrames).toBe(5 * FRAMES);
    // Events are never dropped: the start frame and both transcripts of each replay.
    expect(items.filter((i) => i.kind === 'event')).toHaveLength(1 + 5 * fixture.lines.length);
  }, 60_000);

  it('stops on abort, close() and break', async () => {
    const call = await liveCall();
    server.listenNext({ frameMs: 20 }); // real time: there is always more to come
    const controller = new AbortController();
    const aborted = await listenToCall(vapi, call, { signal: controller.signal });
    const error = await (async () => {
      for await (const item of aborted) if (item.kind === 'audio') controller.abort();
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiAbortError);

    server.listenNext({ frameMs: 20 });
    const closed = await listenToCall(vapi, call);
    let seen = 0;
    for await (const item of closed) if (item.kind === 'audio' && ++seen === 2) closed.close();
    expect(seen).toBe(2);

    server.listenNext({ frameMs: 20 });
    const broken = await listenToCall(vapi, call);
    for await (const item of broken) if (item.kind === 'audio') break;
    await expect(collect(broken)).rejects.toThrow('read once');

    const before = new AbortController();
    before.abort();
    await expect(listenToCall(vapi, call, { signal: before.signal })).rejects.toBeInstanceOf(VapiAbortError);
  }, 60_000);
});
