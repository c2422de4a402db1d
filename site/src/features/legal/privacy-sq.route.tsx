import { LEGAL_TITLES } from '../../content/legal.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { LegalPage } from './LegalPage.tsx';

export const handle: RouteHandle = {
  title: LEGAL_TITLES.privacy.sq,
  description:
    'Çfarë mbledhim (kërkesa, raporte thirrjesh, regjistrime), pse, për sa kohë dhe si të kërkoni fshirjen.',
  lang: 'sq',
};

export function Component() {
  return <LegalPage doc="privacy" lang="sq" />;
}
