import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const inject = vi.fn();
const injectSpeedInsights = vi.fn();

beforeEach(() => {
  vi.doMock('@vercel/analytics', () => ({ inject }));
  vi.doMock('@vercel/speed-insights', () => ({ injectSpeedInsights }));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.doUnmock('@vercel/analytics');
  vi.doUnmock('@vercel/speed-insights');
  vi.resetModules();
  inject.mockReset();
  injectSpeedInsights.mockReset();
});

describe('analytics', () => {
  it('loads nothing unless enabled', async () => {
    const { startAnalytics } = await import('../src/app/observability.ts');
    await startAnalytics(false);
    expect(inject).not.toHaveBeenCalled();
    expect(injectSpeedInsights).not.toHaveBeenCalled();
  });

  it('injects Web Analytics and Speed Insights when enabled', async () => {
    const { startAnalytics } = await import('../src/app/observability.ts');
    await startAnalytics(true);
    expect(inject).toHaveBeenCalledWith({ framework: 'react' });
    expect(injectSpeedInsights).toHaveBeenCalledWith({ framework: 'react' });
  });

  it('suggests a content blocker when the analytics code cannot load', async () => {
    vi.doMock('@vercel/analytics', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/analytics.js');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { startAnalytics } = await import('../src/app/observability.ts');
    await startAnalytics(true);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/content blocker/), expect.anything());
  });

  it('suggests a content blocker when the Vercel script tag fails to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { startAnalytics } = await import('../src/app/observability.ts');
    await startAnalytics(true);
    const script = document.createElement('script');
    script.src = '/_vercel/insights/script.js';
    document.head.append(script);
    script.dispatchEvent(new Event('error'));
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/content blocker/),
      expect.stringContaining('/_vercel/insights/'),
    );
  });
});
