// 'Recent demo calls' against the real site server (in-process createApp, temp SQLite); Vapi's
// API, for the fallback list, is the loopback fake from @voxdesk/vapi-mock.
import type { CallReportRecord } from '@voxdesk/auth';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapiDemoCalls } from '../server/demo-calls-source.ts';
import { realAdmin, realClient, serveRealSiteApi } from './real-site-api.ts';
import { DEMO_CALLS_PAGE_SIZE } from '../src/features/admin/calls/demo-calls-api.ts';
import { settle } from '../src/shared/settle.ts';
import { DemoCallsPanel } from '../src/features/admin/calls/DemoCallsPanel.tsx';
import { firstDemoCalls } from '../src/features/admin/calls/demo-calls-api.ts';

const report = (n: number, extra: Partial<CallReportRecord> = {}): CallReportRecord => ({
  callId: `call_${n}`,
  assistantId: 'asst_demo',
  startedAt: new Date(Date.UTC(2026, 10, 20, 9, 0) - n * 60_000).toISOString(),
  endedAt: new Date(Date.UTC(2026, 10, 20, 9, 1) - n * 60_000).toISOString(),
  durationSeconds: 60,
  endedReason: 'customer-ended-call',
  cost: 0.05,
  summary: `Summary ${n}`,
  transcript: `AI: Hello ${n}`,
  // Newest first: call_0 arrived last.
  receivedAt: 1_000_000 - n,
  ...extra,
});

const panel = async () =>
  (await screen.findByRole('heading', { name: 'Recent demo calls' })).closest('section')!;
const summaries = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[6]!.textContent);

describe('DemoCallsPanel with the webhook set up', () => {
  const api = serveRealSiteApi({ vapiEvents: { secret: 'component-webhook-secret-0123456789' } });

  async function storeReports(count: number) {
    for (let n = 0; n < count; n++) await api.store.callReports.saveCallReport(report(n));
  }

  it('shows each stored report with its summary, and pages to older calls on request', async () => {
    await storeReports(DEMO_CALLS_PAGE_SIZE + 3);
    await api.signIn(realAdmin);
    const user = userEvent.setup();
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    const section = await panel();
    expect(await within(section).findByText('Summary 0')).toBeInTheDocument();
    expect(summaries(section)).toEqual(
      Array.from({ length: DEMO_CALLS_PAGE_SIZE }, (_, i) => `Summary ${i}`),
    );
    expect(within(section).queryByText(/No call report has arrived/)).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Show older calls' }));
    expect(await within(section).findByText('Summary 12')).toBeInTheDocument();
    expect(summaries(section)).toHaveLength(DEMO_CALLS_PAGE_SIZE + 3);
    expect(within(section).queryByRole('button', { name: 'Show older calls' })).not.toBeInTheDocument();
  });

  it("names each call's client and receptionist, links the recording, and lists one client's calls on request", async () => {
    const carl = (await api.store.users.findByEmail(realClient.email))!;
    await api.store.callReports.saveCallReport(
      report(1, {
        clientId: carl.id,
        receptionist: 'law-firms',
        recordingUrl: 'https://storage.vapi.ai/call_1.wav',
      }),
    );
    await api.store.callReports.saveCallReport(
      report(2, { clientId: carl.id, receptionist: 'health-clinics', preview: true }),
    );
    await api.store.callReports.saveCallReport(report(3));
    await api.signIn(realAdmin);
    const user = userEvent.setup();
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    const section = await panel();
    await within(section).findByText('Summary 1');
    const row = within(section).getByRole('row', { name: /Summary 1/ });
    expect(row).toHaveTextContent('Carl Client');
    expect(row).toHaveTextContent('carl@example.com');
    expect(row).toHaveTextContent('Law firm');
    expect(within(row).getByRole('link', { name: /Listen/ })).toHaveAttribute(
      'href',
      'https://storage.vapi.ai/call_1.wav',
    );
    expect(within(section).getByRole('row', { name: /Summary 2/ })).toHaveTextContent(
      'Health clinic (preview)',
    );
    expect(summaries(section)).toEqual(['Summary 1', 'Summary 2', 'Summary 3']);

    await user.click(within(row).getByRole('button', { name: 'Carl Client' }));
    const own = (await screen.findByRole('heading', { name: 'Demo calls of Carl Client' })).closest(
      'section',
    )!;
    await waitFor(() => expect(summaries(own)).toEqual(['Summary 1', 'Summary 2']));
    await user.click(within(own).getByRole('button', { name: "Show every client's calls" }));
    await waitFor(async () => expect(summaries(await panel())).toHaveLength(3));
  });

  it('lists time, duration, ended reason and cost, with the transcript on expand', async () => {
    await api.store.callReports.saveCallReport(
      report(1, {
        startedAt: '2026-11-20T09:00:00.000Z',
        endedAt: '2026-11-20T09:01:05.000Z',
        durationSeconds: 65,
        cost: 0.0734,
        transcript: 'AI: Hello!\nUser: I need a booking.',
      }),
    );
    await api.signIn(realAdmin);
    const user = userEvent.setup();
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    const section = await panel();
    const row = (await within(section).findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('1m 05s');
    expect(row).toHaveTextContent('customer ended call');
    expect(row).toHaveTextContent('US$0.073');
    const transcript = within(row).getByText(/I need a booking/);
    expect(transcript).not.toBeVisible();
    await user.click(within(row).getByText('Show transcript'));
    expect(transcript).toBeVisible();
  });

  it('says "No demo calls yet." when the webhook is set up but nothing has arrived', async () => {
    await api.signIn(realAdmin);
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    expect(await within(await panel()).findByText('No demo calls yet.')).toBeInTheDocument();
  });

  it('keeps the loaded calls and says why when an older page fails', async () => {
    await storeReports(DEMO_CALLS_PAGE_SIZE + 1);
    await api.signIn(realAdmin);
    const user = userEvent.setup();
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    const section = await panel();
    await within(section).findByText('Summary 0');
    api.cutNetwork();
    await user.click(within(section).getByRole('button', { name: 'Show older calls' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      /^Could not load older demo calls: Could not reach the server/,
    );
    expect(summaries(section)).toHaveLength(DEMO_CALLS_PAGE_SIZE);
    expect(within(section).getByRole('button', { name: 'Show older calls' })).toBeEnabled();
  });
});

describe('DemoCallsPanel with nothing set up', () => {
  const api = serveRealSiteApi();

  it('asks the capabilities first and says how to set it up, never requesting the list', async () => {
    await api.signIn(realAdmin);
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    const section = await panel();
    expect(within(section).getByText(/Not set up yet/)).toHaveTextContent(
      "VAPI_WEBHOOK_SECRET and point the Vapi assistant's server URL at /api/vapi/events, or set VAPI_PRIVATE_KEY with VAPI_ASSISTANT_ID",
    );
    expect(api.requests).toContain('GET /api/config');
    expect(api.requests.filter((r) => r.startsWith('GET /api/admin/demo-calls'))).toEqual([]);
  });

  it('lists reports stored earlier even though the webhook is switched off now', async () => {
    await api.store.callReports.saveCallReport(report(1));
    await api.signIn(realAdmin);
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    expect(await within(await panel()).findByText('Summary 1')).toBeInTheDocument();
  });
});

describe("DemoCallsPanel falling back to Vapi's API", () => {
  const token = 'sk-component-private';
  let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>;
  beforeAll(async () => {
    vapi = await startFakeVapiServer({ token });
  });
  afterAll(() => vapi.close());
  const api = serveRealSiteApi({
    // The fake's port is known only once it listens: look the source up per request.
    demoCalls: {
      recent: () =>
        vapiDemoCalls({ privateKey: token, assistantId: 'asst_demo', baseUrl: vapi.url })!.recent(),
    },
  });

  it('says when the calls come from Vapi’s API because no report is stored yet; a missing summary is a dash', async () => {
    vapi.state.calls.set('call_v1', {
      id: 'call_v1',
      orgId: vapi.state.orgId,
      assistantId: 'asst_demo',
      type: 'webCall',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:05:00.000Z',
      startedAt: '2026-11-20T10:00:00.000Z',
      endedAt: '2026-11-20T10:01:00.000Z',
    });
    await api.signIn(realAdmin);
    render(<DemoCallsPanel firstPage={settle(firstDemoCalls())} />);
    const section = await panel();
    expect(await within(section).findByText(/No call report has arrived from Vapi yet/)).toBeInTheDocument();
    expect(summaries(section)).toEqual(['—']);
  });
});
