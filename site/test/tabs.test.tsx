import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useCases } from '../src/content/home.ts';
import { nextTabIndex, UseCaseTabs } from '../src/features/home/UseCaseTabs.tsx';
import { renderAt } from './render-route.tsx';

const tab = (name: string) => screen.getByRole('tab', { name });

function expectSelected(name: string) {
  for (const item of useCases.items) {
    const selected = item.label === name;
    expect(tab(item.label)).toHaveAttribute('aria-selected', String(selected));
    expect(tab(item.label)).toHaveAttribute('tabindex', selected ? '0' : '-1');
  }
  const panel = screen.getByRole('tabpanel');
  expect(panel).toHaveAccessibleName(name);
  expect(tab(name)).toHaveAttribute('aria-controls', panel.id);
}

describe('UseCaseTabs', () => {
  it('is a labelled tablist of the three industries, the first selected', () => {
    renderAt('/', <UseCaseTabs />);
    expect(screen.getByRole('tablist', { name: 'Industries' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Health Clinics',
      'Law Firms',
      'Home Services',
    ]);
    expectSelected('Health Clinics');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(useCases.items[0]!.summary);
    expect(screen.getByRole('link', { name: 'Learn More about Health Clinics' })).toHaveAttribute(
      'href',
      '/industries/health-clinics',
    );
    const image = screen.getByRole('img', { name: useCases.items[0]!.image.alt });
    expect(image).toHaveAttribute('width', '560');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('keeps every panel in the markup so the copy is there without JavaScript', () => {
    const { container } = renderAt('/', <UseCaseTabs />);
    for (const item of useCases.items) expect(container).toHaveTextContent(item.description);
  });

  it('selects on click', async () => {
    const user = userEvent.setup();
    renderAt('/', <UseCaseTabs />);
    await user.click(tab('Home Services'));
    expectSelected('Home Services');
    expect(screen.getByRole('link', { name: 'Learn More about Home Services' })).toHaveAttribute(
      'href',
      '/industries/home-services',
    );
  });

  it('moves with arrow keys (wrapping), Home and End, focusing the new tab', async () => {
    const user = userEvent.setup();
    renderAt('/', <UseCaseTabs />);
    await user.tab();
    expect(tab('Health Clinics')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expectSelected('Law Firms');
    expect(tab('Law Firms')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expectSelected('Health Clinics');
    await user.keyboard('{ArrowLeft}');
    expectSelected('Home Services');
    await user.keyboard('{Home}');
    expectSelected('Health Clinics');
    await user.keyboard('{End}');
    expectSelected('Home Services');
    expect(tab('Home Services')).toHaveFocus();
    // Tab leaves the tablist for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('ignores other keys', () => {
    expect(nextTabIndex('a', 1, 3)).toBeNull();
    expect(nextTabIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowUp', 0, 3)).toBe(2);
  });
});
