import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForChunkError } from '../src/app/chunk-reload.ts';
import { RouteError } from '../src/app/RouteError.tsx';

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: https://voxdesk.example/assets/route-abc.js',
);

describe('chunk failure recovery', () => {
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('recognises the browsers’ chunk-failure messages and nothing else', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/route.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, not again within a minute, and again after that', () => {
    expect(reloadOnceForChunkError(chunkError, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunkError(chunkError, 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunkError(chunkError, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('shows a short message instead of a blank page and reloads', async () => {
    const router = createMemoryRouter(
      [{ path: '/', ErrorBoundary: RouteError, lazy: () => Promise.reject(chunkError) }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'A newer version of this page is available' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading the latest version…')).toBeInTheDocument();
    // The reload runs in an effect, which can flush after the heading shows on a loaded machine.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('after the one reload, offers a way home instead of looping', async () => {
    sessionStorage.setItem('voxdesk:chunk-reload', String(Date.now()));
    const router = createMemoryRouter(
      [{ path: '/', ErrorBoundary: RouteError, lazy: () => Promise.reject(chunkError) }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByText('Please reload the page, or go back to the home page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(reload).not.toHaveBeenCalled();
  });
});
