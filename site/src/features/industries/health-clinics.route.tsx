import { healthClinics } from '../../content/industries/health-clinics.ts';
import type { RouteHandle } from '../../shared/route-handle.ts';
import { IndustryPage } from './IndustryPage.tsx';

export const handle: RouteHandle = healthClinics.meta;

export function Component() {
  return <IndustryPage content={healthClinics} />;
}
