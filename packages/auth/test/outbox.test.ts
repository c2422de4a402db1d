import { describe, expect, it } from 'vitest';
import {
  clipError,
  MAX_OUTBOX_ERROR,
  newOutboxId,
  outboxIdOf,
  outboxRecipient,
  outboxRetryDelay,
  type NewOutboxMessage,
} from '../src/outbox.ts';

// The outbox's pure rules, shared by every store; the stores' queue itself is in
// outbox-contract.test.ts (SQLite, Postgres, Airtable mode).

const message = (onceKey?: string): NewOutboxMessage => ({
  topic: 'digest',
  payload: { kind: 'webhook', url: 'https://hooks.example.com/in', body: {} },
  ...(onceKey === undefined ? {} : { onceKey }),
});

describe('outbox ids', () => {
  it('a new id is msg_ and 32 hex digits, never the same twice', () => {
    const ids = Array.from({ length: 50 }, () => newOutboxId());
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(50);
    expect(outboxIdOf(message())).toMatch(/^msg_[0-9a-f]{32}$/);
  });

  it('a once-key fixes the id, so the table refuses a second copy', () => {
    expect(outboxIdOf(message('digest-2026-11-26'))).toBe('msg_once_digest-2026-11-26');
    expect(outboxIdOf(message('A_z9'))).toBe('msg_once_A_z9');
    expect(outboxIdOf(message('k'.repeat(100)))).toBe(`msg_once_${'k'.repeat(100)}`);
  });

  it('refuses a once-key that is empty, too long, or has anything but letters, digits, - and _', () => {
    for (const key of ['', 'k'.repeat(101), ' digest', 'digest ', 'a/b', 'a.b', 'é', 'a\nb'])
      expect(() => outboxIdOf(message(key)), JSON.stringify(key)).toThrow(`Bad outbox key: ${key}`);
  });
});

describe('outboxRecipient', () => {
  it("names an email's address, a webhook's origin (never its path or query), or just 'webhook'", () => {
    const email = { kind: 'email', to: 'bo@example.com', subject: 's', text: 't', html: 'h' } as const;
    expect(outboxRecipient(email)).toBe('bo@example.com');
    expect(
      outboxRecipient({ kind: 'webhook', url: 'https://hooks.example.com:8443/in?token=s3cret', body: {} }),
    ).toBe('https://hooks.example.com:8443');
    expect(outboxRecipient({ kind: 'webhook', url: 'not a url', body: {} })).toBe('webhook');
  });
});

describe('clipError', () => {
  it(`keeps an error of up to ${MAX_OUTBOX_ERROR} characters, and clips a longer one to that with …`, () => {
    expect(MAX_OUTBOX_ERROR).toBe(500);
    const fits = 'e'.repeat(500);
    expect(clipError(fits)).toBe(fits);
    const clipped = clipError(`${'e'.repeat(499)}XY`);
    expect(clipped).toBe(`${'e'.repeat(499)}…`);
    expect(clipped).toHaveLength(500);
  });
});

describe('outboxRetryDelay', () => {
  it('backs off from 30 s, doubling, to at most an hour', () => {
    expect(outboxRetryDelay(1, () => 0.5)).toBe(30_000);
    expect(outboxRetryDelay(3, () => 0.5)).toBe(120_000);
    expect(outboxRetryDelay(30, () => 0.5)).toBe(3_600_000);
    expect(outboxRetryDelay(1, () => 0)).toBe(24_000);
  });

  it('spreads ±20 %, waits as after one failure before any, and takes another base', () => {
    expect(outboxRetryDelay(1, () => 1)).toBe(36_000);
    expect(outboxRetryDelay(0, () => 0.5)).toBe(30_000);
    expect(outboxRetryDelay(2, () => 0.5, 1_000)).toBe(2_000);
    expect(outboxRetryDelay(30, () => 1)).toBe(4_320_000);
    const spread = Array.from({ length: 20 }, () => outboxRetryDelay(1));
    for (const delay of spread) {
      expect(delay).toBeGreaterThanOrEqual(24_000);
      expect(delay).toBeLessThanOrEqual(36_000);
    }
  });
});
