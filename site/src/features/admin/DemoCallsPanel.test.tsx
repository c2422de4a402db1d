import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  adminUser,
  type DemoCallRow,
  type FakeSiteState,
} from '../../shared/session/testing/fake-site-api.ts';
import { serveFakeSiteApi } from '../../shared/session/testing/serve-fake-site-api.ts';
import { signIn } from '../../shared/session/testing/signed-in.ts';
import { DEMO_CALLS_PAGE_SIZE } from './demo-calls-api.ts';
import { DemoCallsPanel } from './DemoCallsPanel.tsx';

let state: FakeSiteState;
const server = serveFakeSiteApi((fresh) => {
  state = fresh;
  signIn(state, adminUser);
});

const call = (n: number, extra: Partial<DemoCallRow> = {}): DemoCallRow => ({
  id: `call_${n}`,
  startedAt: new Date(Date.UTC(2026, 10, 20, 9, 0) - n * 60_000).toISOString(),
  endedAt: new Date(Date.UTC(2026, 10, 20, 9, 1) - n * 60_000).toISOString(),
  durationSeconds: 60,
  endedReason: 'customer-ended-call',
  cost: 0.05,
  summary: `Summary ${n}`,
  transcript: `AI: Hello ${n}`,
  ...extra,
});

const panel = async () =>
  (await screen.findByRole('heading', { name: 'Recent demo calls' })).closest('section')!;
const summaries = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[4]!.textContent);

describe('DemoCallsPanel', () => {
  it('shows each stored report with its summary, and pages to older calls on request', async () => {
    state.demoCalls = Array.from({ length: DEMO_CALLS_PAGE_SIZE + 3 }, (_, i) => call(i));
    const user = userEvent.setup();
    render(<DemoCallsPanel />);
    const section = await panel();
    expect(summaries(section)).toEqual(
      Array.from({ length: DEMO_CALLS_PAGE_SIZE }, (_, i) => `Summary ${i}`),
    );
    expect(within(section).queryByText(/No call report has arrived/)).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Show older calls' }));
    expect(await within(section).findByText('Summary 12')).toBeInTheDocument();
    expect(summaries(section)).toHaveLength(DEMO_CALLS_PAGE_SIZE + 3);
    expect(within(section).queryByRole('button', { name: 'Show older calls' })).not.toBeInTheDocument();
  });

  it('says when the calls come from Vapi’s API because no report is stored yet; a missing summary is a dash', async () => {
    state.demoCalls = [call(1, { summary: null })];
    state.demoCallsSource = 'vapi';
    render(<DemoCallsPanel />);
    const section = await panel();
    expect(within(section).getByText(/No call report has arrived from Vapi yet/)).toBeInTheDocument();
    expect(summaries(section)).toEqual(['—']);
  });

  it('says "No demo calls yet." when the webhook is set up but nothing has arrived', async () => {
    state.demoCalls = [];
    render(<DemoCallsPanel />);
    expect(await within(await panel()).findByText('No demo calls yet.')).toBeInTheDocument();
  });

  it('keeps the loaded calls and says why when an older page fails', async () => {
    state.demoCalls = Array.from({ length: DEMO_CALLS_PAGE_SIZE + 1 }, (_, i) => call(i));
    const user = userEvent.setup();
    render(<DemoCallsPanel />);
    const section = await panel();
    server.use(
      http.get('*/api/admin/demo-calls', () =>
        HttpResponse.json(
          { error: 'The page cursor is not valid. Start again from the first page.' },
          { status: 400 },
        ),
      ),
    );
    await user.click(within(section).getByRole('button', { name: 'Show older calls' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Could not load older demo calls: The page cursor is not valid. Start again from the first page.',
    );
    expect(summaries(section)).toHaveLength(DEMO_CALLS_PAGE_SIZE);
    expect(within(section).getByRole('button', { name: 'Show older calls' })).toBeEnabled();
  });
});
