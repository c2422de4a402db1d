import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chatbotCopy } from '../../content/chatbot/index.ts';
import { renderChatbotPage } from './test-utils.tsx';

const { en, al } = chatbotCopy;

describe('/chatbot page', () => {
  it('renders the top bar and the seven sections in order (the closed dialog hidden), in English by default', () => {
    renderChatbotPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.hero.title);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      en.transformation.title,
      en.chatDemo.title,
      en.cta.title,
      en.socialProof.title,
      en.futureVision.title,
      en.faq.title,
    ]);
    expect(screen.getByRole('button', { name: en.hero.bookDemo })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: en.topBar.languageLabel })).toHaveValue('en');
    expect(screen.getByText(en.hero.note)).toBeInTheDocument();
  });

  it('switches every section to Albanian and sets <html lang="sq"> and the title, restoring them on unmount', async () => {
    const user = userEvent.setup();
    document.documentElement.lang = 'en';
    document.title = en.meta.title;
    const { unmount } = renderChatbotPage();
    await user.selectOptions(screen.getByRole('combobox', { name: en.topBar.languageLabel }), 'al');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(al.hero.title);
    expect(screen.getByRole('heading', { name: al.faq.title })).toBeInTheDocument();
    expect(screen.getByText(al.faq.questions[0]!.question)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: al.hero.bookDemo })).toBeInTheDocument();
    expect(screen.getByText(al.cta.guarantees[2]!)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sq');
    expect(document.title).toBe(al.meta.title);

    unmount();
    expect(document.documentElement.lang).toBe('en');
  });

  it('lets several FAQ answers be open at once, each toggling on its own', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    const faq = within(document.getElementById('faq')!);
    const items = faq.getAllByRole('group');
    expect(items).toHaveLength(4);
    expect(items.every((item) => !(item as HTMLDetailsElement).open)).toBe(true);

    await user.click(faq.getByText(en.faq.questions[0]!.question));
    await user.click(faq.getByText(en.faq.questions[2]!.question));
    expect(items.map((item) => (item as HTMLDetailsElement).open)).toEqual([true, false, true, false]);

    await user.click(faq.getByText(en.faq.questions[0]!.question));
    expect(items.map((item) => (item as HTMLDetailsElement).open)).toEqual([false, false, true, false]);
  });

  it('shows six company names as text under "Trusted by" and three local client logos', () => {
    renderChatbotPage();
    const trusted = screen.getByText(en.hero.trustedBy).nextElementSibling as HTMLElement;
    expect(within(trusted).getAllByRole('listitem')).toHaveLength(6);
    expect(within(trusted).queryByRole('img')).toBeNull();
    const logos = within(screen.getByRole('list', { name: en.socialProof.logosLabel })).getAllByRole('img');
    expect(logos).toHaveLength(3);
    for (const logo of logos) expect(logo.getAttribute('src')).not.toMatch(/^https?:/);
  });

  it('loads the video player only when the visitor presses play', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: en.hero.playVideo }));
    const frame = screen.getByTitle(en.hero.videoTitle);
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    expect(frame).toHaveFocus();
  });

  it('opens the scheduling page in a new tab from the future-vision button', () => {
    renderChatbotPage();
    const link = screen.getByRole('link', { name: new RegExp(en.futureVision.button) });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveTextContent(`${en.futureVision.button} ${en.common.opensInNewTab}`);
  });
});
