import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatbotCopy, TIME_SLOT_IDS } from '../../content/chatbot/index.ts';
import { polyfillDialog, renderChatbotPage } from './test-utils.tsx';

const copy = chatbotCopy.en.booking;

const dialog = () => screen.getByRole('dialog', { name: copy.title });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const labels = [copy.fullName, copy.email, copy.company, copy.phone, copy.message];

describe('booking dialog', () => {
  beforeAll(polyfillDialog);

  it('opens from the hero, the top bar and the call-to-action section', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    const en = chatbotCopy.en;
    for (const name of [en.hero.bookStrategy, en.hero.bookDemo, en.cta.button]) {
      await user.click(screen.getByRole('button', { name }));
      expect(dialog()).toHaveAttribute('open');
      await user.click(screen.getByRole('button', { name: copy.close }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it('has the fields of spec §5 and the first of four time slots preselected', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookStrategy }));

    expect(field(copy.fullName)).toBeRequired();
    expect(field(copy.email)).toBeRequired();
    expect(field(copy.email)).toHaveAttribute('type', 'email');
    expect(field(copy.company)).toBeRequired();
    expect(field(copy.phone)).not.toBeRequired();
    expect(field(copy.phone)).toHaveAttribute('type', 'tel');
    expect(field(copy.message)).not.toBeRequired();
    expect(field(copy.message)).toHaveAttribute('rows', '3');

    const slots = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(slots.map((slot) => slot.name)).toEqual(['timeSlot', 'timeSlot', 'timeSlot', 'timeSlot']);
    expect(slots.map((slot) => slot.checked)).toEqual([true, false, false, false]);
    expect(screen.getByRole('group', { name: copy.timeSlotLegend })).toBeInTheDocument();
  });

  it('says the form sends nothing and links to the scheduling page', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookStrategy }));
    expect(screen.getByText(copy.notSent)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(copy.schedulingLink) })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('stays open while a required field is missing', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookStrategy }));
    await user.type(field(copy.fullName), 'Arta Krasniqi');
    await user.type(field(copy.email), 'arta@example.com');
    await user.click(screen.getByRole('button', { name: copy.submit }));
    expect(dialog()).toHaveAttribute('open');
    expect(field(copy.fullName)).toHaveValue('Arta Krasniqi');
  });

  it('closes on submit, clears all five fields, resets the slot and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    const trigger = screen.getByRole('button', { name: chatbotCopy.en.cta.button });
    await user.click(trigger);

    await user.type(field(copy.fullName), 'Arta Krasniqi');
    await user.type(field(copy.email), 'arta@example.com');
    await user.type(field(copy.company), 'Tirana Stays');
    await user.type(field(copy.phone), '+355 69 123 4567');
    await user.type(field(copy.message), 'We manage 24 apartments.');
    await user.click(screen.getAllByRole('radio')[2]!);
    await user.click(screen.getByRole('button', { name: copy.submit }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(copy.afterSubmit);

    await user.click(trigger);
    for (const label of labels) expect(field(label)).toHaveValue('');
    const checked = (screen.getAllByRole('radio') as HTMLInputElement[]).find((slot) => slot.checked);
    expect(checked?.value).toBe(TIME_SLOT_IDS[0]);
  });

  it('closes on a backdrop click but not on a click inside, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookDemo }));
    await user.type(field(copy.company), 'Riviera Rentals');
    fireEvent.click(screen.getByText(copy.description));
    expect(dialog()).toHaveAttribute('open');

    // The backdrop belongs to the <dialog> element itself; its content sits in an inner box.
    fireEvent.click(dialog());
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookDemo }));
    expect(field(copy.company)).toHaveValue('Riviera Rentals');
  });
});
