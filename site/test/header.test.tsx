import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHEDULING_URL } from '../common/site-settings.ts';
import { NAV_SECTIONS } from '../src/content/site.ts';
import { Header } from '../src/shared/layout/Header.tsx';
import { placeSection, renderAt } from './render-route.tsx';

function HomeWithSections() {
  return (
    <>
      <Header />
      <main id="main">
        {NAV_SECTIONS.map((section) => (
          <section key={section.id} id={section.id}>
            {section.label}
          </section>
        ))}
      </main>
    </>
  );
}

/** Lays the sections out as if the page were scrolled so that `scrollY` px have passed. */
function scrollTo(scrollY: number) {
  NAV_SECTIONS.forEach((section, index) => placeSection(section.id, 1000 * (index + 1) - scrollY));
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true });
  fireEvent.scroll(window);
}

const desktopNav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const activeLinks = () =>
  screen.queryAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'location');

describe('Header', () => {
  let scrollSpy: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    scrollSpy = vi.fn();
    window.scrollTo = scrollSpy as unknown as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks the last section whose top is within 120 px of the viewport top as active', () => {
    renderAt('/', <HomeWithSections />);
    scrollTo(0);
    expect(activeLinks()).toHaveLength(0);

    scrollTo(1000 - 121); // integrations' top at 121 px: not yet
    expect(activeLinks()).toHaveLength(0);

    scrollTo(1000 - 120); // exactly 120 px: counts
    expect(desktopNav().getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'aria-current',
      'location',
    );

    scrollTo(3000); // benefits (3rd) at the very top
    expect(desktopNav().getByRole('link', { name: 'Benefits' })).toHaveAttribute('aria-current', 'location');
    expect(desktopNav().getByRole('link', { name: 'Integrations' })).not.toHaveAttribute('aria-current');
  });

  it('scrolls to the clicked section with an 80 px offset and locks tracking for 800 ms', () => {
    vi.useFakeTimers();
    renderAt('/', <HomeWithSections />);
    scrollTo(0);

    fireEvent.click(desktopNav().getByRole('link', { name: 'Bundles' }));
    // bundles (5th) sits at 5000 px in the document: land 80 px above it.
    expect(scrollSpy).toHaveBeenLastCalledWith({ top: 5000 - 80, behavior: 'smooth' });
    expect(desktopNav().getByRole('link', { name: 'Bundles' })).toHaveAttribute('aria-current', 'location');
    expect(window.location.hash).toBe('#bundles');

    // The smooth scroll passes other sections: tracking stays locked for 799 ms.
    scrollTo(2000);
    act(() => vi.advanceTimersByTime(799));
    scrollTo(3000);
    expect(desktopNav().getByRole('link', { name: 'Bundles' })).toHaveAttribute('aria-current', 'location');

    // At 800 ms the lock ends and the position is read again.
    act(() => vi.advanceTimersByTime(1));
    expect(desktopNav().getByRole('link', { name: 'Benefits' })).toHaveAttribute('aria-current', 'location');
  });

  it('reads the position once after the first paint when the page opens already scrolled', async () => {
    Object.defineProperty(window, 'scrollY', { value: 3000, configurable: true });
    renderAt('/', <HomeWithSections />);
    NAV_SECTIONS.forEach((section, index) => placeSection(section.id, 1000 * (index + 1) - 3000));
    // No scroll event: the deferred first read alone sets both.
    await waitFor(() => expect(screen.getByRole('banner')).toHaveClass('site-header--scrolled'));
    expect(desktopNav().getByRole('link', { name: 'Benefits' })).toHaveAttribute('aria-current', 'location');
  });

  it('takes the scrolled style after 20 px', () => {
    renderAt('/', <HomeWithSections />);
    const header = screen.getByRole('banner');
    scrollTo(20);
    expect(header).not.toHaveClass('site-header--scrolled');
    scrollTo(21);
    expect(header).toHaveClass('site-header--scrolled');
    scrollTo(0);
    expect(header).not.toHaveClass('site-header--scrolled');
  });

  it('links Try Demo to /demo and Book a Call to the scheduling page in a new tab', () => {
    renderAt('/', <HomeWithSections />);
    const demo = desktopNav().queryByRole('link', { name: 'Try Demo' });
    expect(demo).toBeNull(); // the CTAs sit beside the nav, not in it
    const [tryDemo] = screen.getAllByRole('link', { name: 'Try Demo' });
    expect(tryDemo).toHaveAttribute('href', '/demo');
    const [bookCall] = screen.getAllByRole('link', { name: /Book a Call/ });
    expect(bookCall).toHaveAttribute('href', DEFAULT_SCHEDULING_URL);
    expect(bookCall).toHaveAttribute('target', '_blank');
    expect(bookCall).toHaveAttribute('rel', 'noopener');
  });

  it('opens the hamburger menu, closes it on Escape (focus back on the toggle), outside clicks and navigation', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(
      '/industries/law-firms',
      <>
        <Header />
        <p>page body</p>
      </>,
      ['/'],
    );
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByText('page body'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    // Away from home, nav items go to the home page's section.
    await user.click(within(panel!).getByRole('link', { name: 'Comparison' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('#comparison');
  });
});
