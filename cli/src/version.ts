/** Kept equal to package.json's version by a test (no JSON to load at start-up). */
export const VERSION = '0.1.0';
