import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IndustrySwitcher } from '../src/features/industries/IndustrySwitcher.tsx';
import { renderAt } from './render-route.tsx';

const paths = ['/industries/health-clinics', '/industries/law-firms', '/industries/home-services'];

describe('IndustrySwitcher', () => {
  it.each([
    ['/industries/health-clinics', 'Health Clinics'],
    ['/industries/law-firms', 'Law Firms'],
    ['/industries/home-services', 'Home Services'],
  ])('on %s highlights %s in the pills and names it in the dropdown', (path, label) => {
    renderAt(
      path,
      <IndustrySwitcher />,
      paths.filter((p) => p !== path),
    );
    const nav = screen.getByRole('navigation', { name: 'Choose your industry' });
    const pills = within(nav).getAllByRole('list')[0]!;
    const links = within(pills).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Health Clinics', 'Law Firms', 'Home Services']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(paths);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((l) => l.textContent),
    ).toEqual([label]);
    expect(nav.querySelector('summary')).toHaveTextContent(`Choose your industry: ${label}`);
  });

  it('the dropdown lists all three and navigates to the chosen one', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/industries/health-clinics', <IndustrySwitcher />, paths.slice(1));
    const details = document.querySelector('details')!;
    await user.click(details.querySelector('summary')!);
    expect(details).toHaveAttribute('open');
    const menu = within(details).getByRole('list');
    expect(within(menu).getAllByRole('link')).toHaveLength(3);
    await user.click(within(menu).getByRole('link', { name: 'Law Firms' }));
    expect(router.state.location.pathname).toBe('/industries/law-firms');
  });
});
