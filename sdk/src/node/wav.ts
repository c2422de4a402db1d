/**
 * WAV (RIFF, 16-bit PCM) files from a call's audio frames, e.g. what `listenToCall()` yields:
 * both channels in one file, or the customer and the assistant in a file each.
 *
 * To a file, the header's sizes are written when the writer closes. To a stream, which cannot
 * seek back, the sizes are written as 0xFFFFFFFF, the convention for a WAV of unknown length
 * that ffmpeg and sox read to the end of the data.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';

/** The audio a WAV writer takes: interleaved 16-bit samples (an `AudioFrame` of `@voxdesk/sdk/listen`). */
export interface PcmFrame {
  /** Samples, interleaved by channel. */
  pcm: Int16Array;
  /** Channels interleaved in `pcm`. */
  channels: number;
  /** Samples per second per channel. */
  sampleRate: number;
}

/** Where a WAV goes: a file path, or a writable stream. */
export type WavTarget = string | Writable;

/** Both channels to one target, or channel 0 (customer) and 1 (assistant) to a target each. */
export type WavDestination = WavTarget | { customer?: WavTarget; assistant?: WavTarget };

/** What was written. */
export interface WavSummary {
  /** Frames written. */
  frames: number;
  /** Samples per channel written. */
  samples: number;
  /** Samples per second per channel. */
  sampleRate: number;
  /** The length of the audio in seconds. */
  seconds: number;
}

const UNKNOWN = 0xffffffff;

function header(channels: number, sampleRate: number, dataBytes: number): Uint8Array {
  const bytes = new Uint8Array(44);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[at + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, dataBytes === UNKNOWN ? UNKNOWN : 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true); // byte rate
  view.setUint16(32, channels * 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  return bytes;
}

/** Little-endian bytes of samples (a copy only on a big-endian machine). */
function littleEndian(samples: Int16Array): Uint8Array {
  const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) return bytes;
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  samples.forEach((s, i) => view.setInt16(i * 2, s, true));
  return out;
}

/** One WAV being written: the header first, samples after, sizes fixed on close. */
class WavSink {
  #file: FileHandle | undefined;
  #bytes = 0;
  #channels = 0;
  #sampleRate = 0;
  readonly #target: WavTarget;

  constructor(target: WavTarget) {
    this.#target = target;
  }

  async write(samples: Int16Array, channels: number, sampleRate: number): Promise<void> {
    if (!this.#channels) {
      this.#channels = channels;
      this.#sampleRate = sampleRate;
      if (typeof this.#target === 'string') this.#file = await open(this.#target, 'w');
      await this.#out(header(channels, sampleRate, typeof this.#target === 'string' ? 0 : UNKNOWN));
    } else if (channels !== this.#channels || sampleRate !== this.#sampleRate) {
      throw new RangeError(
        `the audio changed from ${this.#channels} channels at ${this.#sampleRate} Hz to ${channels} at ${sampleRate} Hz: one WAV has one format`,
      );
    }
    const bytes = littleEndian(samples);
    await this.#out(bytes);
    this.#bytes += bytes.length;
  }

  async #out(bytes: Uint8Array): Promise<void> {
    if (this.#file) {
      await this.#file.write(bytes);
      return;
    }
    const stream = this.#target as Writable;
    // Waits for 'drain' when the stream's buffer is full: a slow disk or pipe slows the writer.
    if (!stream.write(bytes)) await new Promise<void>((resolve) => stream.once('drain', resolve));
  }

  /** Writes the sizes (a file) and closes the file; a stream is left open for its owner. */
  async close(fallback: { channels: number; sampleRate: number }): Promise<void> {
    // No audio at all still makes a valid, empty WAV.
    if (!this.#channels) await this.write(new Int16Array(0), fallback.channels, fallback.sampleRate);
    if (!this.#file) return;
    const sizes = new DataView(new ArrayBuffer(4));
    sizes.setUint32(0, 36 + this.#bytes, true);
    await this.#file.write(new Uint8Array(sizes.buffer), 0, 4, 4);
    sizes.setUint32(0, this.#bytes, true);
    await this.#file.write(new Uint8Array(sizes.buffer), 0, 4, 40);
    await this.#file.close();
  }
}

/** Channel `channel` of interleaved samples. */
function channelOf(pcm: Int16Array, channels: number, channel: number): Int16Array {
  const out = new Int16Array(pcm.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = pcm[i * channels + channel]!;
  return out;
}

/**
 * Writes 16-bit PCM frames as WAV; frames may arrive one by one (`write`) and the file is
 * complete after `close()`.
 *
 * ```ts
 * const wav = new WavWriter({ customer: 'customer.wav', assistant: 'assistant.wav' });
 * for await (const item of listener) if (item.kind === 'audio') await wav.write(item);
 * await wav.close();
 * ```
 */
export class WavWriter {
  readonly #sinks: { sink: WavSink; channel: number | undefined }[] = [];
  #frames = 0;
  #samples = 0;
  #format: { channels: number; sampleRate: number } | undefined;
  #closed = false;

  /** @param destination a path or stream for all channels, or `{ customer, assistant }` (channel 0 and 1) */
  constructor(destination: WavDestination) {
    if (typeof destination === 'string' || isWritable(destination))
      this.#sinks.push({ sink: new WavSink(destination), channel: undefined });
    else {
      const { customer, assistant } = destination ?? {};
      if (customer) this.#sinks.push({ sink: new WavSink(customer), channel: 0 });
      if (assistant) this.#sinks.push({ sink: new WavSink(assistant), channel: 1 });
      if (!this.#sinks.length)
        throw new TypeError('WavWriter needs a path or stream, or { customer, assistant } with at least one');
    }
  }

  /** Appends one frame (its format must match the first frame's). */
  async write(frame: PcmFrame): Promise<void> {
    if (this.#closed) throw new TypeError('this WavWriter is already closed');
    const { pcm, channels, sampleRate } = frame;
    if (!Number.isInteger(channels) || channels < 1 || pcm.length % channels)
      throw new RangeError(`a frame of ${pcm.length} samples cannot hold ${channels} interleaved channels`);
    this.#format ??= { channels, sampleRate };
    for (const { sink, channel } of this.#sinks) {
      if (channel === undefined) await sink.write(pcm, channels, sampleRate);
      else if (channel >= channels)
        throw new RangeError(
          `the audio has ${channels} channel(s): there is no channel ${channel} to split off`,
        );
      else await sink.write(channelOf(pcm, channels, channel), 1, sampleRate);
    }
    this.#frames++;
    this.#samples += pcm.length / channels;
  }

  /** Finishes the WAV(s): sizes written, files closed (streams are left open). */
  async close(): Promise<WavSummary> {
    if (this.#closed) throw new TypeError('this WavWriter is already closed');
    this.#closed = true;
    const format = this.#format ?? { channels: 2, sampleRate: 16_000 };
    for (const { sink, channel } of this.#sinks)
      await sink.close(channel === undefined ? format : { channels: 1, sampleRate: format.sampleRate });
    return {
      frames: this.#frames,
      samples: this.#samples,
      sampleRate: format.sampleRate,
      seconds: this.#samples / format.sampleRate,
    };
  }
}

function isWritable(value: unknown): value is Writable {
  return typeof (value as Writable | undefined)?.write === 'function';
}

/**
 * Writes every audio frame of `source` (e.g. a `CallListener`; JSON events are skipped) as WAV
 * until it ends, and returns what was written. The WAV is finished (valid) even when the
 * source fails, e.g. a dropped socket; the error is thrown after.
 *
 * ```ts
 * await writeWav(await listenToCall(vapi, callId), 'call.wav');
 * await writeWav(await listenToCall(vapi, callId), { customer: 'in.wav', assistant: 'out.wav' });
 * ```
 */
export async function writeWav(
  source: AsyncIterable<PcmFrame | { kind: string }>,
  destination: WavDestination,
): Promise<WavSummary> {
  const writer = new WavWriter(destination);
  let summary: WavSummary | undefined;
  try {
    for await (const item of source) if ('pcm' in item) await writer.write(item);
  } finally {
    summary = await writer.close();
  }
  return summary;
}
