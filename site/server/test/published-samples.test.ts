// @vitest-environment node
// Publishing a real demo call as an industry's sample: the admin route against a recording
// server on loopback (slow, oversized, missing, redirecting, not audio), the files the page
// plays, and the page's settings block.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallReportRecord } from '@voxdesk/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseVtt } from '../../common/vtt.ts';
import { createApp } from '../app.ts';
import {
  CONSENT_REQUIRED,
  NO_RECORDING,
  NO_SUCH_CALL,
  NO_TIMED_TRANSCRIPT,
  PREVIEW_NOT_PUBLISHABLE,
} from '../routes/published-samples.ts';
import { ORIGIN_REFUSED } from '../origin-check.ts';
import { admin, client, loggedIn, SECRET, startTestServer, type TestServer } from './harness.ts';

/** A tiny but real WAV file: 8 kHz mono 16-bit, `samples` samples of a ramp. */
function wav(samples: number): Uint8Array {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(((i * 97) % 65_536) - 32_768, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8_000, 24);
  header.writeUInt32LE(16_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return new Uint8Array(Buffer.concat([header, data]));
}

const RECORDING = wav(4_000);
const CAP = 64 * 1024;
const turns = [
  { speaker: 'Receptionist' as const, text: 'Good morning, Smith & Co --> legal.', start: 0.5, end: 2.25 },
  { speaker: 'Caller' as const, text: 'Hi, <b>I</b> need\nadvice on a lease.', start: 2.7, end: 5 },
];

// The recording host: each path is one behaviour. A slow request is held until the test ends.
const held: ServerResponse[] = [];
const recordings = createServer((req: IncomingMessage, res: ServerResponse) => {
  const send = (status: number, type: string, body: Uint8Array | string) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  switch (req.url) {
    case '/call.wav':
      return send(200, 'application/octet-stream', RECORDING);
    case '/redirect':
      res.writeHead(302, { location: '/call.wav' });
      return res.end();
    case '/redirect-file':
      res.writeHead(302, { location: 'file:///etc/passwd' });
      return res.end();
    case '/gone':
      return send(404, 'text/plain', 'expired');
    case '/page':
      return send(200, 'audio/wav', '<!doctype html><title>Not audio</title>');
    case '/declared-big':
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(CAP + 1) });
      return res.end(Buffer.alloc(CAP + 1));
    case '/chunked-big': {
      // No Content-Length: the cap must hold while reading.
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.write(RECORDING);
      res.write(Buffer.alloc(CAP));
      return res.end();
    }
    case '/slow':
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.write(RECORDING.subarray(0, 100));
      held.push(res);
      return;
    default:
      return send(404, 'text/plain', 'no such file');
  }
});
let host = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => recordings.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(recordings.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await new Promise<void>((resolve) => recordings.close(() => resolve()));
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const report = (callId: string, extra: Partial<CallReportRecord> = {}): CallReportRecord => ({
  callId,
  assistantId: 'asst_demo',
  startedAt: '2026-11-20T10:00:00.000Z',
  endedAt: '2026-11-20T10:00:05.000Z',
  durationSeconds: 5,
  endedReason: 'customer-ended-call',
  cost: 0.01,
  summary: 'A lease question.',
  transcript: 'AI: Good morning\nUser: Hi',
  recordingUrl: `${host}/call.wav`,
  clientId: null,
  receptionist: 'law-firms',
  preview: false,
  turns,
  receivedAt: 1_000,
  ...extra,
});

async function start() {
  server = await startTestServer({ recordingDownload: { maxBytes: CAP, timeoutMs: 1_000 } });
  return server;
}

const publish = (browser: Awaited<ReturnType<typeof loggedIn>>, json: unknown) =>
  browser.request('POST', '/api/admin/samples', { json });

/** The settings block of the served home page. */
async function pageSettings(s: TestServer) {
  const html = await (await fetch(`${s.url}/`)).text();
  const block = /<script type="application\/json" id="site-settings">(.*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(block ?? '{}') as {
    publishedSamples?: Record<string, { version: string; contentType: string }>;
  };
}

describe('POST /api/admin/samples', () => {
  it('keeps a copy of the recording with its transcript as WebVTT, and the page plays it until unpublished', async () => {
    const s = await start();
    await s.store.callReports.saveCallReport(report('call-real'));
    const ada = await loggedIn(s, admin);
    expect((await pageSettings(s)).publishedSamples).toBeUndefined();

    const response = await publish(ada, { callId: 'call-real', industry: 'law-firms', consent: true });
    expect(response.status).toBe(201);
    const published = await response.json();
    expect(published).toEqual({
      industry: 'law-firms',
      callId: 'call-real',
      contentType: 'audio/wav',
      bytes: RECORDING.length,
      consentBy: { id: s.adminId, name: admin.name },
      consentAt: s.clock.now,
      publishedAt: s.clock.now,
    });

    // The page's settings name it at once, with the version its URLs carry.
    const ref = (await pageSettings(s)).publishedSamples?.['law-firms'];
    expect(ref).toEqual({ version: s.clock.now.toString(36), contentType: 'audio/wav' });

    const audio = await fetch(`${s.url}/samples/published/law-firms/audio?v=${ref!.version}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await audio.arrayBuffer()).equals(Buffer.from(RECORDING))).toBe(true);
    // Seeking asks for ranges.
    const part = await fetch(`${s.url}/samples/published/law-firms/audio`, {
      headers: { range: 'bytes=40-49' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 40-49/${RECORDING.length}`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...RECORDING.subarray(40, 50)]);
    const beyond = await fetch(`${s.url}/samples/published/law-firms/audio`, {
      headers: { range: `bytes=${RECORDING.length}-` },
    });
    expect(beyond.status).toBe(416);

    const vtt = await fetch(`${s.url}/samples/published/law-firms/transcript.vtt`);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    // Hostile text stays text: no cue timing or markup injected, one cue per turn.
    expect(parseVtt(await vtt.text())).toEqual([
      {
        id: 'turn-1',
        start: 0.5,
        end: 2.25,
        speaker: 'Receptionist',
        text: 'Good morning, Smith & Co --> legal.',
      },
      { id: 'turn-2', start: 2.7, end: 5, speaker: 'Caller', text: 'Hi, <b>I</b> need advice on a lease.' },
    ]);

    expect(await (await ada.request('GET', '/api/admin/samples')).json()).toEqual({ samples: [published] });

    // Another instance over the same store serves it too (and would show it on its pages).
    const other = createApp({
      clientDir: s.clientDir,
      accounts: s.accounts,
      sessionSecret: SECRET,
      log: () => {},
    });
    const copy = await other.request('/samples/published/law-firms/audio', {
      headers: { host: '127.0.0.1' },
    });
    expect(copy.status).toBe(200);
    expect((await copy.arrayBuffer()).byteLength).toBe(RECORDING.length);

    const gone = await ada.request('DELETE', '/api/admin/samples/law-firms');
    expect(gone.status).toBe(200);
    expect((await pageSettings(s)).publishedSamples).toBeUndefined();
    expect((await fetch(`${s.url}/samples/published/law-firms/audio`)).status).toBe(404);
    expect((await ada.request('DELETE', '/api/admin/samples/law-firms')).status).toBe(404);
  });

  it('follows an http(s) redirect (Vapi answers 302 to a presigned URL)', async () => {
    const s = await start();
    await s.store.callReports.saveCallReport(report('call-redirect', { recordingUrl: `${host}/redirect` }));
    const response = await publish(await loggedIn(s, admin), {
      callId: 'call-redirect',
      industry: 'health-clinics',
      consent: true,
    });
    expect(response.status).toBe(201);
  });

  it.each([
    [
      'a recording host that answers 404',
      '/gone',
      502,
      'The recording server answered 404 (the link may have expired).',
    ],
    ['a redirect to a file: URL', '/redirect-file', 400, 'The recording link must be an http or https URL.'],
    [
      'a web page instead of audio',
      '/page',
      415,
      'The recording is not audio this site can publish (WAV, MP3, Ogg, WebM, MP4 or FLAC).',
    ],
    [
      'a recording declared larger than the cap',
      '/declared-big',
      413,
      'The recording is 0.1 MB, more than the 0.1 MB a published sample may be.',
    ],
    [
      'a recording that grows past the cap without a length',
      '/chunked-big',
      413,
      'The recording is more than the 0.1 MB a published sample may be.',
    ],
    [
      'a host that stops sending',
      '/slow',
      504,
      'The recording server did not send the recording within 1 s.',
    ],
  ])('refuses %s with a clear message and publishes nothing', async (_what, path, status, error) => {
    const s = await start();
    await s.store.callReports.saveCallReport(report('call-bad', { recordingUrl: `${host}${path}` }));
    const response = await publish(await loggedIn(s, admin), {
      callId: 'call-bad',
      industry: 'law-firms',
      consent: true,
    });
    expect({ status: response.status, body: await response.json() }).toEqual({ status, body: { error } });
    expect(await s.store.publishedSamples.listPublishedSamples()).toEqual([]);
  });

  it('refuses a recording link that is not http(s)', async () => {
    const s = await start();
    await s.store.callReports.saveCallReport(report('call-ftp', { recordingUrl: 'ftp://example.com/a.wav' }));
    const response = await publish(await loggedIn(s, admin), {
      callId: 'call-ftp',
      industry: 'law-firms',
      consent: true,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The recording link must be an http or https URL.' });
  });

  it('needs the consent tick, a known industry and call, and a real call with a recording and timings', async () => {
    const s = await start();
    await s.store.callReports.saveCallReport(report('call-real'));
    await s.store.callReports.saveCallReport(report('call-preview', { preview: true }));
    await s.store.callReports.saveCallReport(report('call-silent', { recordingUrl: null }));
    await s.store.callReports.saveCallReport(report('call-untimed', { turns: null }));
    const ada = await loggedIn(s, admin);
    const refused = async (json: unknown) => {
      const response = await publish(ada, json);
      return { status: response.status, body: await response.json() };
    };
    expect(await refused({ callId: 'call-real', industry: 'law-firms' })).toEqual({
      status: 400,
      body: { error: CONSENT_REQUIRED, field: 'consent' },
    });
    expect(await refused({ callId: 'call-real', industry: 'law-firms', consent: 'yes' })).toMatchObject({
      status: 400,
      body: { field: 'consent' },
    });
    expect(await refused({ callId: 'call-real', industry: '../../etc', consent: true })).toMatchObject({
      status: 400,
      body: { field: 'industry' },
    });
    expect(await refused({ callId: '../call-real', industry: 'law-firms', consent: true })).toMatchObject({
      status: 400,
      body: { field: 'callId' },
    });
    expect(await refused({ callId: 'call-nope', industry: 'law-firms', consent: true })).toEqual({
      status: 404,
      body: { error: NO_SUCH_CALL },
    });
    for (const [callId, error] of [
      ['call-preview', PREVIEW_NOT_PUBLISHABLE],
      ['call-silent', NO_RECORDING],
      ['call-untimed', NO_TIMED_TRANSCRIPT],
    ]) {
      expect(await refused({ callId, industry: 'law-firms', consent: true })).toEqual({
        status: 409,
        body: { error },
      });
    }
    expect((await ada.request('DELETE', '/api/admin/samples/..%2F..')).status).toBe(400);
    expect(await s.store.publishedSamples.listPublishedSamples()).toEqual([]);
  });

  it('is for Admins only, and refuses a cross-site post (CSRF)', async () => {
    const s = await start();
    await s.store.callReports.saveCallReport(report('call-real'));
    const body = { callId: 'call-real', industry: 'law-firms', consent: true };
    expect((await publish(s.browser(), body)).status).toBe(401);
    const carl = await loggedIn(s, client);
    expect((await publish(carl, body)).status).toBe(403);
    expect((await carl.request('GET', '/api/admin/samples')).status).toBe(403);
    expect((await carl.request('DELETE', '/api/admin/samples/law-firms')).status).toBe(403);
    const ada = await loggedIn(s, admin);
    const forged = await ada.request('POST', '/api/admin/samples', {
      json: body,
      origin: 'https://evil.example',
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: ORIGIN_REFUSED });
    expect(await s.store.publishedSamples.listPublishedSamples()).toEqual([]);
  });

  it('answers 404 for a page with nothing published, and for no such page', async () => {
    const s = await start();
    expect((await fetch(`${s.url}/samples/published/law-firms/audio`)).status).toBe(404);
    expect((await fetch(`${s.url}/samples/published/law-firms/transcript.vtt`)).status).toBe(404);
    expect((await fetch(`${s.url}/samples/published/nope/audio`)).status).toBe(404);
  });
});
