import { homeServicesCase } from '../../content/case-studies/home-services.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { CaseStudyPage } from './CaseStudyPage.tsx';

export const handle: RouteHandle = homeServicesCase.meta;

export function Component() {
  return <CaseStudyPage content={homeServicesCase} />;
}
