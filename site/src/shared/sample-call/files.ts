import type { IndustryKey } from '../../content/types.ts';

/**
 * The audio formats every sample call ships in, in the order the player offers them: Opus
 * in WebM where it plays (smaller), AAC in MP4 everywhere else.
 */
export const SAMPLE_CALL_FORMATS = [
  { extension: 'webm', type: 'audio/webm; codecs="opus"' },
  { extension: 'm4a', type: 'audio/mp4; codecs="mp4a.40.2"' },
] as const;

export type SampleCallFile = (typeof SAMPLE_CALL_FORMATS)[number]['extension'] | 'vtt';

/** Where a sample call's file is served (site/public/samples). */
export const sampleCallUrl = (industry: IndustryKey, file: SampleCallFile) => `/samples/${industry}.${file}`;

/**
 * A real call the owner published for an industry (site/server/published-sample-files.ts),
 * served from the server's own copy; `version` changes with every publish, so a replaced
 * call is a new URL.
 */
export const publishedCallUrl = (industry: IndustryKey, version: string, file: 'audio' | 'vtt') =>
  `/samples/published/${industry}/${file === 'vtt' ? 'transcript.vtt' : 'audio'}?v=${encodeURIComponent(version)}`;

/** What a player plays: its audio sources, in order, and its transcript. */
export interface SampleCallSource {
  audio: readonly { src: string; type: string }[];
  vtt: string;
  /** A real call, published with the caller's consent (not the synthesised one). */
  published: boolean;
}

export function sampleCallSource(
  industry: IndustryKey,
  published: { version: string; contentType: string } | undefined,
): SampleCallSource {
  if (published) {
    return {
      audio: [{ src: publishedCallUrl(industry, published.version, 'audio'), type: published.contentType }],
      vtt: publishedCallUrl(industry, published.version, 'vtt'),
      published: true,
    };
  }
  return {
    audio: SAMPLE_CALL_FORMATS.map(({ extension, type }) => ({
      src: sampleCallUrl(industry, extension),
      type,
    })),
    vtt: sampleCallUrl(industry, 'vtt'),
    published: false,
  };
}
