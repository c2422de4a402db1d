import { healthClinicsCase } from '../../content/case-studies/health-clinics.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { CaseStudyPage } from './CaseStudyPage.tsx';

export const handle: RouteHandle = healthClinicsCase.meta;

export function Component() {
  return <CaseStudyPage content={healthClinicsCase} />;
}
