/**
 * `WavWriter` / `writeWav` of `@voxdesk/sdk/node`: files and streams, decoded by ffmpeg and sox
 * (Debian packages), not by our own parser. The listen end to end is in
 * packages/vapi-mock/test/listen.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { WavWriter, writeWav, type PcmFrame } from '../src/node/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'voxdesk-wav-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stereo frame: channel 0 counts up from `start`, channel 1 is its negative. */
function frame(start: number, samples: number, sampleRate = 8000): PcmFrame {
  const pcm = new Int16Array(samples * 2);
  for (let i = 0; i < samples; i++) {
    pcm[i * 2] = start + i;
    pcm[i * 2 + 1] = -(start + i);
  }
  return { pcm, channels: 2, sampleRate };
}

async function* frames(...list: (PcmFrame | { kind: 'event' })[]) {
  yield* list;
}

/** ffmpeg's reading of a WAV given on stdin: its stream fields and decoded samples. */
function ffmpegRead(wav: Buffer) {
  const probe = JSON.parse(
    execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,sample_rate,channels,bits_per_sample',
        '-of',
        'json',
        '-',
      ],
      { input: wav, encoding: 'utf8' },
    ),
  ) as { streams: { codec_name: string; sample_rate: string; channels: number; bits_per_sample: number }[] };
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', '-', '-f', 's16le', '-'], { input: wav });
  return { stream: probe.streams[0], samples: new Int16Array(new Uint8Array(raw).buffer) };
}

describe('WAV writer', () => {
  it('writes a file whose header sizes match its samples (sox agrees), skipping events', async () => {
    const file = join(dir, 'both.wav');
    const summary = await writeWav(frames(frame(0, 100), { kind: 'event' }, frame(100, 60)), file);
    expect(summary).toEqual({ frames: 2, samples: 160, sampleRate: 8000, seconds: 0.02 });
    const bytes = readFileSync(file);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 160 * 4);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(28, true)).toBe(8000 * 4);
    expect(view.getUint32(40, true)).toBe(160 * 4);
    expect(bytes.length).toBe(44 + 160 * 4);
    expect(execFileSync('soxi', ['-s', file], { encoding: 'utf8' }).trim()).toBe('160');
    const { stream, samples } = ffmpegRead(bytes);
    expect(stream).toEqual({
      codec_name: 'pcm_s16le',
      sample_rate: '8000',
      channels: 2,
      bits_per_sample: 16,
    });
    // Sample 130 of channel 1, as written.
    expect(samples[130 * 2 + 1]).toBe(-130);
    expect(samples.length).toBe(320);
  }, 60_000);

  it('splits the customer and the assistant into mono files', async () => {
    const customer = join(dir, 'customer.wav');
    const assistant = join(dir, 'assistant.wav');
    await writeWav(frames(frame(5, 40)), { customer, assistant });
    const left = ffmpegRead(readFileSync(customer));
    const right = ffmpegRead(readFileSync(assistant));
    expect(left.stream!.channels).toBe(1);
    expect([...left.samples]).toEqual(Array.from({ length: 40 }, (_, i) => 5 + i));
    expect([...right.samples]).toEqual(Array.from({ length: 40 }, (_, i) => -(5 + i)));
  }, 60_000);

  it('writes to a stream with the unknown-length sizes ffmpeg reads to the end', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new WavWriter(out);
    await writer.write(frame(0, 30));
    await writer.write(frame(30, 30));
    expect(await writer.close()).toMatchObject({ frames: 2, samples: 60 });
    const bytes = Buffer.concat(chunks);
    expect(bytes.readUInt32LE(40)).toBe(0xffffffff);
    const { samples } = ffmpegRead(bytes);
    expect(samples.length).toBe(120);
    expect(samples[59 * 2]).toBe(59);
    expect(out.writableEnded).toBe(false); // the stream's owner ends it
  }, 60_000);

  it('finishes a valid file when the source fails, then throws its error', async () => {
    const file = join(dir, 'dropped.wav');
    async function* dropped() {
      yield frame(0, 50);
      throw new Error('the socket dropped');
    }
    await expect(writeWav(dropped(), file)).rejects.toThrow('the socket dropped');
    expect(execFileSync('soxi', ['-s', file], { encoding: 'utf8' }).trim()).toBe('50');
  }, 60_000);

  it('writes an empty but valid WAV when no audio came', async () => {
    const file = join(dir, 'empty.wav');
    expect(await writeWav(frames(), file)).toMatchObject({ frames: 0, samples: 0 });
    expect(readFileSync(file).length).toBe(44);
    expect(execFileSync('soxi', ['-s', file], { encoding: 'utf8' }).trim()).toBe('0');
  }, 60_000);

  it('refuses a format change, a missing channel, a bad frame and use after close', async () => {
    const writer = new WavWriter(join(dir, 'bad.wav'));
    await writer.write(frame(0, 10, 8000));
    await expect(writer.write(frame(0, 10, 16000))).rejects.toThrow('one WAV has one format');
    await expect(writer.write({ pcm: new Int16Array(3), channels: 2, sampleRate: 8000 })).rejects.toThrow(
      'cannot hold 2 interleaved channels',
    );
    await writer.close();
    await expect(writer.write(frame(0, 10))).rejects.toThrow('already closed');
    const mono = new WavWriter({ assistant: join(dir, 'mono.wav') });
    await expect(mono.write({ pcm: new Int16Array(4), channels: 1, sampleRate: 8000 })).rejects.toThrow(
      'no channel 1',
    );
    expect(() => new WavWriter({})).toThrow('at least one');
  }, 60_000);
});
