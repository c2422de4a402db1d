// The /chatbot booking dialog against the real site server (in-process, temp SQLite).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatbotCopy } from '../src/content/chatbot/index.ts';
import { polyfillDialog, renderChatbotPage } from '../src/features/chatbot/test-utils.tsx';
import { nextWorkingDaySlots, slotLabel } from '../src/shared/leads/index.ts';
import { serveRealSiteApi } from './real-site-api.ts';

const api = serveRealSiteApi();
const copy = chatbotCopy.en.booking;

const dialog = () => screen.getByRole('dialog', { name: copy.title });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const labels = [copy.fullName, copy.email, copy.company, copy.phone, copy.message];
const leads = async () => (await api.store.leads.listLeads({ limit: 100 })).leads;

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

  it('has the fields of spec §5 and four slots on the next working days, the first preselected', async () => {
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

    const expected = nextWorkingDaySlots(new Date());
    const slots = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(slots.map((slot) => slot.name)).toEqual(['timeSlot', 'timeSlot', 'timeSlot', 'timeSlot']);
    expect(slots.map((slot) => slot.value)).toEqual(expected.map((slot) => slot.value));
    expect(slots.map((slot) => slot.checked)).toEqual([true, false, false, false]);
    for (const slot of expected) {
      expect(screen.getByLabelText(slotLabel(slot.start, 'en'))).toBeInTheDocument();
      expect(slot.start.getTime()).toBeGreaterThan(Date.now());
    }
    const group = screen.getByRole('group', { name: copy.timeSlotLegend });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(group).getByText(copy.timeZoneNote.replace('{zone}', zone))).toBeInTheDocument();
  });

  it('offers the scheduling page as an alternative, in a new tab', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookStrategy }));
    expect(screen.getByRole('link', { name: new RegExp(copy.schedulingLink) })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('stays open while a required field is missing, and sends nothing', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookStrategy }));
    await user.type(field(copy.fullName), 'Arta Krasniqi');
    await user.type(field(copy.email), 'arta@example.com');
    await user.click(screen.getByRole('button', { name: copy.submit }));
    expect(dialog()).toHaveAttribute('open');
    expect(field(copy.fullName)).toHaveValue('Arta Krasniqi');
    expect(await leads()).toEqual([]);
  });

  it('stores the lead, closes, confirms with the chosen time, and clears the form', async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    const trigger = screen.getByRole('button', { name: chatbotCopy.en.cta.button });
    await user.click(trigger);

    await user.type(field(copy.fullName), 'Arta Krasniqi');
    await user.type(field(copy.email), 'Arta@Example.com');
    await user.type(field(copy.company), 'Tirana Stays');
    await user.type(field(copy.phone), '+355 69 123 4567');
    await user.type(field(copy.message), 'We manage 24 apartments.');
    const third = screen.getAllByRole('radio')[2] as HTMLInputElement;
    await user.click(third);
    const chosen = nextWorkingDaySlots(new Date())[2]!;
    await user.click(screen.getByRole('button', { name: copy.submit }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      copy.afterSubmit.replace('{slot}', slotLabel(chosen.start, 'en')),
    );
    expect(await leads()).toEqual([
      expect.objectContaining({
        name: 'Arta Krasniqi',
        email: 'arta@example.com',
        company: 'Tirana Stays',
        phone: '+355 69 123 4567',
        message: 'We manage 24 apartments.',
        slot: third.value,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        language: 'en',
        sourcePage: '/chatbot',
        status: 'new',
      }),
    ]);

    await user.click(trigger);
    for (const label of labels) expect(field(label)).toHaveValue('');
    expect((screen.getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
  });

  it('in Albanian: Albanian slot labels on a 24-hour clock and an Albanian confirmation', async () => {
    const user = userEvent.setup();
    const al = chatbotCopy.al;
    renderChatbotPage();
    await user.selectOptions(screen.getByLabelText(chatbotCopy.en.topBar.languageLabel), 'al');
    await user.click(screen.getByRole('button', { name: al.cta.button }));
    const first = nextWorkingDaySlots(new Date())[0]!;
    const label = slotLabel(first.start, 'sq');
    expect(label).toMatch(/ · 14:00$/);
    expect(screen.getByLabelText(label)).toBeChecked();
    await user.type(screen.getByLabelText(al.booking.fullName), 'Arta Krasniqi');
    await user.type(screen.getByLabelText(al.booking.email), 'arta@example.al');
    await user.type(screen.getByLabelText(al.booking.company), 'Vila Arta');
    await user.click(screen.getByRole('button', { name: al.booking.submit }));
    expect(await screen.findByText(al.booking.afterSubmit.replace('{slot}', label))).toBeInTheDocument();
    expect(await leads()).toEqual([expect.objectContaining({ language: 'sq', slot: first.value })]);
  });

  it("shows the server's per-field answer beside the field and keeps the dialog open", async () => {
    const user = userEvent.setup();
    renderChatbotPage();
    await user.click(screen.getByRole('button', { name: chatbotCopy.en.hero.bookStrategy }));
    await user.type(field(copy.fullName), 'Arta Krasniqi');
    await user.type(field(copy.email), 'arta@example.com');
    await user.type(field(copy.company), 'Tirana Stays');
    await user.type(field(copy.phone), 'call me maybe');
    await user.click(screen.getByRole('button', { name: copy.submit }));
    const message = 'Enter a phone number with digits, spaces and + ( ) - only, such as +355 69 123 4567';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(copy.phone)).toHaveAttribute('aria-invalid', 'true');
    expect(field(copy.phone)).toHaveAccessibleDescription(message);
    expect(screen.getByRole('alert')).toHaveTextContent(copy.sendFailed);
    expect(dialog()).toHaveAttribute('open');
    expect(field(copy.fullName)).toHaveValue('Arta Krasniqi');
    expect(await leads()).toEqual([]);
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
