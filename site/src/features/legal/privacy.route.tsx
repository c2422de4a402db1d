import { LEGAL_TITLES } from '../../content/legal.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { LegalPage } from './LegalPage.tsx';

export const handle: RouteHandle = {
  title: LEGAL_TITLES.privacy.en,
  description:
    'What we collect (leads, call reports, recordings), why, for how long, and how to ask for deletion.',
};

export function Component() {
  return <LegalPage doc="privacy" lang="en" />;
}
