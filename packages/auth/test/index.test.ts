import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE } from '../src/index.ts';

describe('@voxdesk/auth', () => {
  it('gives new users the Client role', () => {
    expect(DEFAULT_ROLE).toBe('Client');
  });
});
