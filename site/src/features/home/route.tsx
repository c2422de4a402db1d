import type { RouteHandle } from '../../shared/route-handle.ts';

export const handle: RouteHandle = {
  title: 'Voxdesk — AI Voice Receptionist for Australian Businesses',
  description: 'A 24/7 AI voice receptionist for Australian clinics, law firms and trades.',
};

export function Component() {
  return (
    <main>
      <h1>Your AI Receptionist, On 24/7</h1>
      <p>24/7 Answering | Pre-Qualifies Leads | No Hiring Needed</p>
    </main>
  );
}
