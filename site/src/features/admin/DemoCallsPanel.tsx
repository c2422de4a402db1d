import { useEffect, useState } from 'react';
import type { Settled } from '../../shared/settle.ts';
import { listDemoCalls, type DemoCallsPage } from './demo-calls-api.ts';
import { formatCost, formatDuration, formatEndedReason, formatWhen } from './format-call.ts';

type Panel =
  | { state: 'loading' }
  | { state: 'not-set-up' }
  | { state: 'failed'; message: string }
  | ({ state: 'loaded'; loadingMore: boolean; moreError?: string } & DemoCallsPage);

/**
 * 'Recent demo calls': the end-of-call reports the server stored from Vapi's webhook, newest
 * first, a page at a time (or Vapi's latest calls while none is stored). The server's
 * capabilities are asked first (by the /admin loader, `configured`): without a source the
 * panel says how to set one up.
 */
export function DemoCallsPanel({ configured }: { configured: Promise<Settled<boolean>> }) {
  const [panel, setPanel] = useState<Panel>({ state: 'loading' });

  useEffect(() => {
    let active = true;
    configured
      .then((answer) => {
        if (!answer.ok) throw answer.error;
        return answer.value ? listDemoCalls() : undefined;
      })
      .then(
        (page) =>
          active &&
          setPanel(page ? { state: 'loaded', loadingMore: false, ...page } : { state: 'not-set-up' }),
        (error: unknown) => active && setPanel({ state: 'failed', message: (error as Error).message }),
      );
    return () => {
      active = false;
    };
  }, [configured]);

  async function showOlder() {
    if (panel.state !== 'loaded' || !panel.next || panel.loadingMore) return;
    setPanel({ ...panel, loadingMore: true, moreError: undefined });
    try {
      const page = await listDemoCalls(panel.next);
      setPanel((current) =>
        current.state === 'loaded'
          ? {
              ...current,
              loadingMore: false,
              // A page never repeats a call, but a reload race must not show one twice.
              calls: [
                ...current.calls,
                ...(page?.calls ?? []).filter((call) => !current.calls.some((c) => c.id === call.id)),
              ],
              next: page?.next,
            }
          : current,
      );
    } catch (error) {
      setPanel((current) =>
        current.state === 'loaded'
          ? { ...current, loadingMore: false, moreError: (error as Error).message }
          : current,
      );
    }
  }

  if (panel.state === 'loading') return null;

  return (
    <section className="demo-calls" aria-labelledby="demo-calls-title">
      <h2 id="demo-calls-title">Recent demo calls</h2>
      {panel.state === 'not-set-up' && (
        <p className="demo-calls-note">
          Not set up yet. To see the demo&apos;s calls here, set <code>VAPI_WEBHOOK_SECRET</code> and point
          the Vapi assistant&apos;s server URL at <code>/api/vapi/events</code>, or set{' '}
          <code>VAPI_PRIVATE_KEY</code> with <code>VAPI_ASSISTANT_ID</code>.
        </p>
      )}
      {panel.state === 'failed' && <p role="alert">Could not load recent demo calls: {panel.message}</p>}
      {panel.state === 'loaded' && panel.source === 'vapi' && (
        <p className="demo-calls-note">
          No call report has arrived from Vapi yet; these are the demo assistant&apos;s latest calls from
          Vapi&apos;s API.
        </p>
      )}
      {panel.state === 'loaded' && panel.calls.length === 0 && <p>No demo calls yet.</p>}
      {panel.state === 'loaded' && panel.calls.length > 0 && (
        <>
          <div
            className="demo-calls-scroll"
            role="region"
            aria-label="Recent demo calls, scrollable"
            tabIndex={0}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Ended reason</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Summary</th>
                  <th scope="col">Transcript</th>
                </tr>
              </thead>
              <tbody>
                {panel.calls.map((call) => (
                  <tr key={call.id}>
                    <td>{formatWhen(call.startedAt)}</td>
                    <td>{formatDuration(call.durationSeconds)}</td>
                    <td>{formatEndedReason(call.endedReason)}</td>
                    <td>{formatCost(call.cost)}</td>
                    <td className="demo-call-summary">{call.summary || '—'}</td>
                    <td>
                      {call.transcript ? (
                        <details>
                          <summary>Show transcript</summary>
                          <pre className="demo-call-transcript">{call.transcript}</pre>
                        </details>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {panel.moreError && <p role="alert">Could not load older demo calls: {panel.moreError}</p>}
          {panel.next && (
            <button type="button" onClick={() => void showOlder()} disabled={panel.loadingMore}>
              {panel.loadingMore ? 'Loading older calls…' : 'Show older calls'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
