import { homeServices } from '../../content/industries/home-services.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { IndustryPage } from './IndustryPage.tsx';

export const handle: RouteHandle = homeServices.meta;

export function Component() {
  return <IndustryPage content={homeServices} />;
}
