import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatbotCopy } from '../../content/chatbot/index.ts';
import { DEFAULT_SCHEDULING_URL } from '../../../common/site-settings.ts';
import { StickyCta } from './StickyCta.tsx';

const copy = chatbotCopy.en.stickyCTA;
const opensInNewTab = chatbotCopy.en.common.opensInNewTab;

/** jsdom's scrollY is read-only in effect; another file may have redefined it as a value. */
const setScrollY = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });

function scrollTo(y: number) {
  act(() => {
    setScrollY(y);
    window.dispatchEvent(new Event('scroll'));
  });
}

const sticky = () => screen.queryByRole('link', { name: new RegExp(copy.button) });

describe('sticky Book Free Call', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.innerHeight = 800;
    setScrollY(0);
  });
  afterEach(() => {
    setScrollY(0);
  });

  it('appears only once the page has scrolled past half the viewport height', () => {
    render(<StickyCta copy={copy} opensInNewTab={opensInNewTab} />);
    expect(sticky()).toBeNull();
    scrollTo(400);
    expect(sticky()).toBeNull();
    scrollTo(401);
    expect(sticky()).toBeInTheDocument();
    scrollTo(100);
    expect(sticky()).toBeNull();
  });

  it('follows the viewport height when the window is resized', () => {
    render(<StickyCta copy={copy} opensInNewTab={opensInNewTab} />);
    scrollTo(450);
    expect(sticky()).toBeInTheDocument();
    act(() => {
      window.innerHeight = 1000;
      window.dispatchEvent(new Event('resize'));
    });
    expect(sticky()).toBeNull();
  });

  it('opens the scheduling page in a new tab', () => {
    render(<StickyCta copy={copy} opensInNewTab={opensInNewTab} />);
    scrollTo(900);
    expect(sticky()).toHaveAttribute('href', DEFAULT_SCHEDULING_URL);
    expect(sticky()).toHaveAttribute('target', '_blank');
  });

  it('stays hidden for the rest of the visit once dismissed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<StickyCta copy={copy} opensInNewTab={opensInNewTab} />);
    scrollTo(900);
    await user.click(screen.getByRole('button', { name: copy.hide }));
    expect(sticky()).toBeNull();
    scrollTo(100);
    scrollTo(1200);
    expect(sticky()).toBeNull();

    unmount();
    render(<StickyCta copy={copy} opensInNewTab={opensInNewTab} />);
    scrollTo(1300);
    expect(sticky()).toBeNull();
  });
});
