/**
 * A browser build's `sdkHeaders` (the `browser` condition of `#user-agent` in package.json):
 * none, as user-agent.runtime.ts answers in a browser, without the bytes that find the runtime.
 */
export const sdkHeaders: Record<string, string> = {};
