import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '@voxdesk/sdk';
import { VAPI_MOCK_BASE_URL } from '../src/index.ts';

describe('@voxdesk/vapi-mock', () => {
  it('fakes the same origin the SDK calls by default', () => {
    expect(VAPI_MOCK_BASE_URL).toBe(DEFAULT_BASE_URL);
  });
});
