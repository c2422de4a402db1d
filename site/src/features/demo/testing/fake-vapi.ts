import type { EventEmitter } from 'node:events';
import type { Mock } from 'vitest';

/**
 * The shape of the fake `Vapi` that `vi.mock('@vapi-ai/web', …)` factories build (a
 * `node:events` EventEmitter, like the real class). Tests drive it with `emit`.
 */
export interface FakeVapi extends EventEmitter {
  publicKey: string;
  dailyCallConfig?: { avoidEval?: boolean };
  start: Mock<(assistantId: string) => Promise<unknown>>;
  stop: Mock<() => void>;
  setMuted: Mock<(muted: boolean) => void>;
}
