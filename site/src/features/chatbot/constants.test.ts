import { afterEach, describe, expect, it, vi } from 'vitest';
import { promoVideoId } from './constants.ts';

describe('promo video id (VITE_CHATBOT_VIDEO_ID)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('uses a configured YouTube id', () => {
    expect(promoVideoId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });

  it('falls back to the default when unset', () => {
    expect(promoVideoId(undefined)).toMatch(/^[\w-]{11}$/);
    expect(promoVideoId('')).toBe(promoVideoId(undefined));
  });

  it('rejects a URL or a malformed id with a message saying what is expected', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(promoVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe(promoVideoId(undefined));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('is not a YouTube video id (11 letters'));
  });
});
