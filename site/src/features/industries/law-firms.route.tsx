import { lawFirms } from '../../content/industries/law-firms.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { IndustryPage } from './IndustryPage.tsx';

export const handle: RouteHandle = lawFirms.meta;

export function Component() {
  return <IndustryPage content={lawFirms} />;
}
