import { LEGAL_TITLES } from '../../content/legal.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { LegalPage } from './LegalPage.tsx';

export const handle: RouteHandle = {
  title: LEGAL_TITLES.terms.en,
  description: 'The terms for using this site and its demos.',
};

export function Component() {
  return <LegalPage doc="terms" lang="en" />;
}
