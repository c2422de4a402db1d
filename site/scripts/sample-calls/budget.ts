/** What one sample call may cost (issue 23): each audio file at most ~300 KB, 30–60 s long. */
export const SAMPLE_CALL_BUDGET = {
  maxBytes: 300_000,
  minSeconds: 30,
  maxSeconds: 60,
} as const;
