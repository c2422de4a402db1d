/**
 * Call artifacts (recordings, pcap, logs): Vapi answers 302 to a short-lived presigned
 * URL. The fake synthesises small, well-formed bytes for each kind.
 */
import type { RouteDef } from '../context.ts';
import type { StoredObject } from '../state.ts';
import { presign } from '../storage.ts';
import type { OperationRow, TableIndex } from '../table.ts';
import { missingParent } from './records.ts';

export function downloadRoute(row: OperationRow, index: TableIndex): RouteDef {
  const artifact = row.path.split('/').at(-1) ?? 'artifact';
  return {
    method: row.method,
    path: row.path,
    auth: row.auth !== 'none',
    handler: (args) => {
      const missing = missingParent(index, row.path, args);
      if (missing) return missing;
      const id = args.params.id ?? 'unknown';
      const location = presign(
        args.fake.state,
        args.publicBase,
        `call/${id}/${artifact}`,
        synthesize(artifact, id),
      );
      return new Response(null, { status: 302, headers: { location } });
    },
  };
}

function synthesize(artifact: string, callId: string): StoredObject {
  if (artifact === 'pcap') {
    // libpcap global header: magic, v2.4, snaplen 65535, linktype 1 (Ethernet).
    const header = new DataView(new ArrayBuffer(24));
    header.setUint32(0, 0xa1b2c3d4, true);
    header.setUint16(4, 2, true);
    header.setUint16(6, 4, true);
    header.setUint32(16, 65535, true);
    header.setUint32(20, 1, true);
    return {
      body: new Uint8Array(header.buffer),
      contentType: 'application/vnd.tcpdump.pcap',
      filename: `${callId}.pcap`,
    };
  }
  if (artifact === 'call-logs') {
    const lines = [
      { time: 0, level: 'info', message: 'Call queued' },
      { time: 1, level: 'info', message: 'Call started' },
      { time: 2, level: 'info', message: 'Call ended' },
    ];
    const text = lines.map((line) => JSON.stringify({ callId, ...line })).join('\n') + '\n';
    return {
      body: new TextEncoder().encode(text),
      contentType: 'application/x-ndjson',
      filename: `${callId}.jsonl`,
    };
  }
  if (artifact === 'video-recording') {
    // An ISO BMFF `ftyp` box: enough for a sniffer to call it MP4.
    const body = new Uint8Array([0, 0, 0, 16, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0]);
    return { body, contentType: 'video/mp4', filename: `${callId}-video.mp4` };
  }
  return {
    body: silentWav(artifact === 'stereo-recording' ? 2 : 1),
    contentType: 'audio/wav',
    filename: `${callId}-${artifact}.wav`,
  };
}

/** 100 ms of 16-bit, 8 kHz PCM silence in a RIFF/WAVE container. */
function silentWav(channels: number): Uint8Array {
  const sampleRate = 8000;
  const dataBytes = (sampleRate / 10) * channels * 2;
  const view = new DataView(new ArrayBuffer(44 + dataBytes));
  const ascii = (offset: number, text: string) =>
    [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return new Uint8Array(view.buffer);
}
