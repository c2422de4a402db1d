/**
 * The slice of `@vapi-ai/web`'s `Vapi` class the demo uses. Kept as our own interface so
 * the SDK (82 kB gz, mostly Daily's call library) loads only when /demo mounts, through a
 * dynamic import that never lands in another route's chunk.
 */
export interface VoiceClient {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(): unknown;
  /** `overrides`: Vapi's assistant overrides (call metadata, `maxDurationSeconds`). */
  start(assistantId: string, overrides?: AssistantOverrides): Promise<unknown>;
  stop(): unknown;
  setMuted(muted: boolean): void;
}

/** The assistant overrides the demo sets at start (from `POST /api/demo/calls`). */
export interface AssistantOverrides {
  metadata?: Record<string, string>;
  maxDurationSeconds?: number;
}

/** Daily call options the demo sets (see `createVoiceClient`). */
export interface DailyCallConfig {
  avoidEval?: boolean;
}

export type VoiceClientClass = new (
  publicKey: string,
  apiBaseUrl?: string,
  dailyCallConfig?: DailyCallConfig,
) => VoiceClient;

/**
 * Creates the client. `avoidEval`: by default Daily downloads its call-machine bundle and
 * runs it with `Function(code)`, which the site's CSP (no 'unsafe-eval') blocks; with it,
 * Daily loads the bundle as a <script> from c.daily.co, which the CSP allows.
 */
export function createVoiceClient(VoiceClientClass: VoiceClientClass, publicKey: string): VoiceClient {
  return new VoiceClientClass(publicKey, undefined, { avoidEval: true });
}

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
