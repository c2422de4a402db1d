/**
 * The slice of `@vapi-ai/web`'s `Vapi` class the demo uses. Kept as our own interface so
 * the SDK (82 kB gz, mostly Daily's call library) loads only when /demo mounts, through a
 * dynamic import that never lands in another route's chunk.
 */
export interface VoiceClient {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(): unknown;
  start(assistantId: string): Promise<unknown>;
  stop(): unknown;
  setMuted(muted: boolean): void;
}

export type VoiceClientClass = new (publicKey: string) => VoiceClient;

/**
 * Loads the Vapi class. The package is CommonJS; under Vite 8 its default export can
 * arrive wrapped once more (`mod.default.default`), under Vitest it does not: take both.
 */
export async function loadVoiceClientClass(): Promise<VoiceClientClass> {
  const mod: { default: unknown } = await import('@vapi-ai/web');
  const outer = mod.default as { default?: unknown } | undefined;
  const candidate = outer?.default ?? outer;
  if (typeof candidate !== 'function') throw new Error('@vapi-ai/web did not export the Vapi class');
  return candidate as VoiceClientClass;
}
