// Downloads a demo call's recording so the site keeps its own copy: Vapi's recording links are
// presigned and expire, and a published sample must outlive them.

/** The largest recording the server keeps (a 60 s WAV at 16 kHz mono is about 2 MB). */
export const MAX_RECORDING_BYTES = 10 * 1024 * 1024;
/** The whole download, redirects and body included. */
export const RECORDING_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;

/** Why a recording could not be kept, with the status the route answers. */
export class RecordingDownloadError extends Error {
  readonly status: 400 | 413 | 415 | 502 | 504;

  constructor(message: string, status: 400 | 413 | 415 | 502 | 504) {
    super(message);
    this.name = 'RecordingDownloadError';
    this.status = status;
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The audio formats browsers play that a call recording comes in, told by their first bytes. */
export function audioTypeOf(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame header: 11 sync bits.
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg';
  return undefined;
}

function httpUrl(link: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    throw new RecordingDownloadError('The recording link is not a valid URL.', 400);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RecordingDownloadError('The recording link must be an http or https URL.', 400);
  }
  return url;
}

/** The body, refused as soon as it passes `maxBytes` (a missing or false Content-Length included). */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new RecordingDownloadError(
      `The recording is ${megabytes(declared)}, more than the ${megabytes(maxBytes)} a published sample may be.`,
      413,
    );
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = response.body?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new RecordingDownloadError(
        `The recording is more than the ${megabytes(maxBytes)} a published sample may be.`,
        413,
      );
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The recording at `link` (http or https only, at every redirect), at most `maxBytes`, within
 * `timeoutMs` in all, and only if it is audio a browser plays (told from its bytes, not from
 * what the server claims). Throws `RecordingDownloadError` with a message for the owner.
 */
export async function downloadRecording(
  link: string,
  options: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<{ audio: Uint8Array; contentType: string }> {
  const maxBytes = options.maxBytes ?? MAX_RECORDING_BYTES;
  const timeoutMs = options.timeoutMs ?? RECORDING_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = httpUrl(link);
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, { redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {});
        if (hop === MAX_REDIRECTS) {
          throw new RecordingDownloadError('The recording link redirects too many times.', 502);
        }
        url = httpUrl(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new RecordingDownloadError(
          `The recording server answered ${response.status}${response.status === 403 || response.status === 404 ? ' (the link may have expired)' : ''}.`,
          502,
        );
      }
      const audio = await readCapped(response, maxBytes);
      const contentType = audioTypeOf(audio);
      if (!contentType) {
        throw new RecordingDownloadError(
          'The recording is not audio this site can publish (WAV, MP3, Ogg, WebM, MP4 or FLAC).',
          415,
        );
      }
      return { audio, contentType };
    }
  } catch (error) {
    if (error instanceof RecordingDownloadError) throw error;
    if (signal.aborted) {
      throw new RecordingDownloadError(
        `The recording server did not send the recording within ${timeoutMs / 1000} s.`,
        504,
      );
    }
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
    throw new RecordingDownloadError(
      `Could not download the recording${cause ? ` (${cause})` : ''}. Try again later.`,
      502,
    );
  }
}
