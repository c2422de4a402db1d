import { describe, expect, it, vi } from 'vitest';
import { freshWindow } from './fresh-window.ts';

// test/setup.ts has already called freshWindow() for this file: the window as found is recorded.
describe('freshWindow', () => {
  it('puts back what a file changed on the window, navigator, document, URL and storage', () => {
    const before = {
      scrollY: window.scrollY,
      innerWidth: window.innerWidth,
      matchMedia: window.matchMedia,
      location: window.location,
      href: location.href,
      title: document.title,
    };
    Object.defineProperty(window, 'scrollY', { value: 3000, configurable: true });
    window.innerWidth = 400;
    window.matchMedia = () => ({ matches: true }) as MediaQueryList;
    Object.defineProperty(window, 'location', {
      value: { href: 'https://elsewhere.example/' },
      configurable: true,
    });
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: {} });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    history.replaceState(null, '', '/admin?tab=leads#bundles');
    document.title = 'Other title';
    document.documentElement.lang = 'sq';
    document.head.innerHTML = '<meta name="leftover">';
    document.body.innerHTML = '<div id="leftover"></div>';
    localStorage.setItem('isLoggedIn', 'true');
    sessionStorage.setItem('voxdesk:chunk-reload', '1');
    document.cookie = 'session=abc; path=/';
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', class {});

    freshWindow();

    expect(window.scrollY).toBe(before.scrollY);
    expect(window.innerWidth).toBe(before.innerWidth);
    expect(window.matchMedia).toBe(before.matchMedia);
    expect(window.location).toBe(before.location);
    expect(location.href).toBe(before.href);
    expect('mediaDevices' in navigator).toBe(false);
    expect(document.visibilityState).toBe('visible');
    expect(document.title).toBe(before.title);
    expect(document.documentElement.hasAttribute('lang')).toBe(false);
    expect(document.head.innerHTML).toBe('');
    expect(document.body.innerHTML).toBe('');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(vi.isFakeTimers()).toBe(false);
    expect('IntersectionObserver' in window).toBe(false);
  });
});
