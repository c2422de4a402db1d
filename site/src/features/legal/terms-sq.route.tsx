import { LEGAL_TITLES } from '../../content/legal.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { LegalPage } from './LegalPage.tsx';

export const handle: RouteHandle = {
  title: LEGAL_TITLES.terms.sq,
  description: 'Kushtet për përdorimin e kësaj faqeje dhe të demove të saj.',
  lang: 'sq',
};

export function Component() {
  return <LegalPage doc="terms" lang="sq" />;
}
