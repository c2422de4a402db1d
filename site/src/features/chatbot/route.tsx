import type { RouteHandle } from '../../shared/route-handle.ts';

export const handle: RouteHandle = { title: 'Voxdesk — chatbot' };

export function Component() {
  return (
    <main>
      <h1>Voxdesk</h1>
      <p>This page is being built.</p>
    </main>
  );
}
