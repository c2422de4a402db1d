import { lawFirmsCase } from '../../content/case-studies/law-firms.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { CaseStudyPage } from './CaseStudyPage.tsx';

export const handle: RouteHandle = lawFirmsCase.meta;

export function Component() {
  return <CaseStudyPage content={lawFirmsCase} />;
}
