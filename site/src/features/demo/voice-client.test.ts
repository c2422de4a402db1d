import { describe, expect, it, vi } from 'vitest';
import { loadVoiceClientClass } from './voice-client.ts';

// The shape Vite 8 gives a CommonJS package that sets `exports.default` (FACTS.md).
vi.mock('@vapi-ai/web', () => {
  class Vapi {
    constructor(public publicKey: string) {}
  }
  return { default: { default: Vapi } };
});

describe('loadVoiceClientClass', () => {
  it('unwraps a doubly wrapped CommonJS default export', async () => {
    const VoiceClientClass = await loadVoiceClientClass();
    expect(new VoiceClientClass('pk_test')).toMatchObject({ publicKey: 'pk_test' });
  });
});
