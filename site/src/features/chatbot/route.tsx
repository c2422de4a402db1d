import type { RouteHandle } from '../../shared/route-handle.ts';
import { ChatbotPage } from './ChatbotPage.tsx';

export const handle: RouteHandle = {
  title: 'Voxdesk — AI Chat Assistant for Short-Term Rental Managers',
  description:
    'Automate 90% of guest conversations with instant replies 24/7, in every language. Book a free strategy call.',
};

export function Component() {
  return <ChatbotPage />;
}
