import type { PublishedSampleStore } from '@voxdesk/auth';
import { Hono, type Context } from 'hono';
import { RECEPTIONISTS } from './routes/config.ts';

/** Where the page finds a published sample's files (`?v=` is its version: a new publish is a new URL). */
export const PUBLISHED_SAMPLE_PATH = '/samples/published';

/**
 * The byte range of a `Range: bytes=…` header within `size` bytes: `undefined` to send it all
 * (no header, or several ranges, which no audio element asks for), `null` when unsatisfiable.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start >= size || end < start ? null : { start, end };
}

function send(c: Context, body: Uint8Array, type: string, etag: string) {
  c.header('Content-Type', type);
  c.header('ETag', etag);
  // Revalidated each time: an unpublish must reach the visitor.
  c.header('Cache-Control', 'no-cache');
  c.header('Accept-Ranges', 'bytes');
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  const range = byteRange(c.req.header('range'), body.byteLength);
  if (range === null) {
    c.header('Content-Range', `bytes */${body.byteLength}`);
    return c.body(null, 416);
  }
  if (range === undefined)
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200);
  c.header('Content-Range', `bytes ${range.start}-${range.end}/${body.byteLength}`);
  return c.body(body.slice(range.start, range.end + 1), 206);
}

/**
 * GET /samples/published/:industry/audio and …/transcript.vtt: a published call's audio (with
 * range requests, which seeking needs) and its WebVTT transcript, from the store, so every
 * instance serves them and a restart loses nothing. 404 when none is published.
 */
export function publishedSampleFiles(samples: PublishedSampleStore) {
  const find = async (industry: string) =>
    (RECEPTIONISTS as readonly string[]).includes(industry)
      ? samples.findPublishedSample(industry)
      : undefined;
  return new Hono()
    .get('/:industry/audio', async (c) => {
      const sample = await find(c.req.param('industry'));
      if (!sample) return c.text('No call is published for this page.', 404);
      return send(c, sample.audio, sample.contentType, `"${sample.publishedAt.toString(36)}-a"`);
    })
    .get('/:industry/transcript.vtt', async (c) => {
      const sample = await find(c.req.param('industry'));
      if (!sample) return c.text('No call is published for this page.', 404);
      const vtt = new TextEncoder().encode(sample.vtt);
      return send(c, vtt, 'text/vtt; charset=utf-8', `"${sample.publishedAt.toString(36)}-t"`);
    });
}
