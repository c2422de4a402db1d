import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes.tsx';

describe('site routes', () => {
  it('renders the home page at /', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('replaces an unknown path with /', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/no-such-page'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/');
  });
});
