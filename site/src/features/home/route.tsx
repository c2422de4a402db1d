import type { RouteHandle } from '../../shared/route-handle.ts';

export { HomePage as Component } from './HomePage.tsx';

export const handle: RouteHandle = {
  title: 'Voxdesk — AI Voice Receptionist for Australian Businesses',
  description:
    'A 24/7 AI voice receptionist for Australian clinics, law firms and trades: answers every call, books appointments and pre-qualifies leads. No hiring needed.',
};
