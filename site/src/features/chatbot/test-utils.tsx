import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ChatbotPage } from './ChatbotPage.tsx';

/**
 * jsdom has no `showModal`/`close`; this stands in for the browser's dialog just far enough for
 * component tests (open attribute and the `close` event). The real modal is checked in Chromium.
 */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

export function renderChatbotPage() {
  return render(
    <MemoryRouter initialEntries={['/chatbot']}>
      <ChatbotPage />
    </MemoryRouter>,
  );
}
