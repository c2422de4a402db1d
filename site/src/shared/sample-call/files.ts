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
