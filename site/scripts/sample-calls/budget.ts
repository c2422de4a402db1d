/** What one sample call may cost (issue 23): each audio file at most ~300 KB, 30–60 s long. */
export const SAMPLE_CALL_BUDGET = {
  maxBytes: 300_000,
  minSeconds: 30,
  maxSeconds: 60,
} as const;

/** The audio formats every call ships in, in the order the player offers them. */
export const SAMPLE_CALL_FORMATS = [
  { extension: 'webm', type: 'audio/webm; codecs=opus' },
  { extension: 'm4a', type: 'audio/mp4; codecs=mp4a.40.2' },
] as const;
