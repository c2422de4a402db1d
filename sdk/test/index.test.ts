import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '../src/index.ts';

describe('@voxdesk/sdk', () => {
  it('targets the Vapi production API over https by default', () => {
    expect(new URL(DEFAULT_BASE_URL).protocol).toBe('https:');
    expect(new URL(DEFAULT_BASE_URL).host).toBe('api.vapi.ai');
  });
});
