import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { healthClinics } from '../src/content/industries/health-clinics.ts';
import { FaqAccordion } from '../src/features/industries/FaqAccordion.tsx';

const items = healthClinics.faq.items;
const question = (index: number) => screen.getByRole('button', { name: items[index]!.question });
const answer = (index: number) => screen.queryByText(items[index]!.answer);

describe('FaqAccordion', () => {
  it('starts with every answer closed', () => {
    render(<FaqAccordion items={items} />);
    expect(items).toHaveLength(3);
    items.forEach((_, index) => {
      expect(question(index)).toHaveAttribute('aria-expanded', 'false');
      expect(answer(index)).not.toBeVisible();
    });
  });

  it('opens one answer at a time, opening another replaces it, clicking the open one closes it', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);

    await user.click(question(0));
    expect(question(0)).toHaveAttribute('aria-expanded', 'true');
    expect(answer(0)).toBeVisible();
    expect(screen.getByRole('region', { name: items[0]!.question })).toHaveTextContent(items[0]!.answer);

    await user.click(question(2));
    expect(question(2)).toHaveAttribute('aria-expanded', 'true');
    expect(answer(2)).toBeVisible();
    expect(question(0)).toHaveAttribute('aria-expanded', 'false');
    expect(answer(0)).not.toBeVisible();

    await user.click(question(2));
    expect(question(2)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    await user.tab();
    expect(question(0)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(answer(0)).toBeVisible();
    await user.tab();
    await user.keyboard(' ');
    expect(answer(1)).toBeVisible();
    expect(answer(0)).not.toBeVisible();
  });
});
