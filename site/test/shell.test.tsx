import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Root } from '../src/app/Root.tsx';
import { BRAND } from '../src/content/site.ts';
import { DEFAULT_SITE_SETTINGS, setSiteSettings } from '../common/site-settings.ts';
import { Footer } from '../src/shared/layout/Footer.tsx';
import { renderAt } from './render-route.tsx';

describe('Root', () => {
  afterEach(() => vi.restoreAllMocks());

  function renderShell() {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Root,
          children: [
            {
              index: true,
              element: <section id="bundles">bundles</section>,
              handle: { title: 'Home title' },
            },
            { path: 'other', element: <p>other</p>, handle: { title: 'Other title' } },
          ],
        },
      ],
      { initialEntries: ['/other'] },
    );
    render(<RouterProvider router={router} />);
    return { router, scrollTo };
  }

  it('leaves the first page where the browser put it, then scrolls to the top on every route change', async () => {
    const { router, scrollTo } = renderShell();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.title).toBe('Other title');
    await act(() => router.navigate('/'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(document.title).toBe('Home title');
  });

  it('lands a /#section link from another page 80 px above the section', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return DOMRect.fromRect({ x: 0, y: this.id === 'bundles' ? 2400 : 0, width: 0, height: 100 });
    });
    const { router, scrollTo } = renderShell();
    await act(() => router.navigate('/#bundles'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 2400 - 80, behavior: 'auto' });
  });
});

describe('Footer', () => {
  it('has the brand link home, the tagline, three social links in new tabs and the current year', () => {
    renderAt('/', <Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: `${BRAND.name} home` })).toHaveAttribute('href', '/');
    expect(footer).toHaveTextContent('Empowering businesses with AI solutions');
    const social = within(within(footer).getByRole('list', { name: 'Social links' })).getAllByRole('link');
    expect(social).toHaveLength(3);
    expect(social.map((link) => link.getAttribute('href'))).toEqual(
      DEFAULT_SITE_SETTINGS.socialLinks.map((link) => link.href),
    );
    for (const link of social) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${BRAND.name}`);
  });

  it("shows the owner's company, its links and the legal pages from the run-time settings", () => {
    setSiteSettings({
      ...DEFAULT_SITE_SETTINGS,
      company: {
        name: 'Harbour Dental Pty Ltd',
        abn: '51 824 753 556',
        email: 'hello@harbour.example',
        phone: '+61 2 9000 0000',
        address: '1 George St, Sydney NSW 2000',
      },
      socialLinks: [{ network: 'instagram', href: 'https://www.instagram.com/harbourdental' }],
    });
    try {
      renderAt('/', <Footer />);
      const footer = screen.getByRole('contentinfo');
      expect(footer).toHaveTextContent('ABN 51 824 753 556');
      expect(footer).toHaveTextContent('1 George St, Sydney NSW 2000');
      expect(within(footer).getByRole('link', { name: 'hello@harbour.example' })).toHaveAttribute(
        'href',
        'mailto:hello@harbour.example',
      );
      expect(within(footer).getByRole('link', { name: '+61 2 9000 0000' })).toHaveAttribute(
        'href',
        'tel:+61290000000',
      );
      const social = within(within(footer).getByRole('list', { name: 'Social links' })).getAllByRole('link');
      expect(social.map((link) => link.getAttribute('href'))).toEqual([
        'https://www.instagram.com/harbourdental',
      ]);
      expect(social[0]).toHaveAccessibleName('Harbour Dental Pty Ltd on Instagram (opens in a new tab)');
      expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
        'href',
        '/privacy',
      );
      expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
      expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Harbour Dental Pty Ltd`);
    } finally {
      setSiteSettings(DEFAULT_SITE_SETTINGS);
    }
  });
});
