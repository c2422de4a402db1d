import { chatbotCopy } from '../../content/chatbot/index.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { ChatbotPage } from './ChatbotPage.tsx';

export const handle: RouteHandle = { ...chatbotCopy.en.meta };

export function Component() {
  return <ChatbotPage />;
}
