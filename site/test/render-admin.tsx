import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import * as clientsRoute from '../src/features/admin/clients.route.tsx';
import * as leadsRoute from '../src/features/admin/leads.route.tsx';
import * as adminRoute from '../src/features/admin/route.tsx';

/**
 * /admin and its tabs as src/app/routes.tsx nests them (the real route modules: loaders,
 * actions, shouldRevalidate), with stand-ins for /login and /demo.
 */
export function renderAdminAt(path = '/admin') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>Login page</p> },
      { path: '/demo', element: <p>Demo page</p> },
      {
        path: '/admin',
        ...adminRoute,
        children: [
          { index: true, ...clientsRoute },
          { path: 'leads', ...leadsRoute },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
