import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import type { Settled } from '../../shared/settle.ts';
import { listDemoCalls, type DemoCallsPage } from './demo-calls-api.ts';
import { formatCost, formatDuration, formatEndedReason, formatWhen } from './format-call.ts';

const message = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** An older page; a 404 (the history switched off since) ends the list. */
const olderCalls = async (after: string): Promise<DemoCallsPage> =>
  (await listDemoCalls(after)) ?? { calls: [], source: 'reports' };

/**
 * 'Recent demo calls': the end-of-call reports the server stored from Vapi's webhook, newest
 * first, a page at a time (or Vapi's latest calls while none is stored). The /admin loader asks
 * the server's capabilities first (`firstPage` is undefined without a source): the panel then
 * says how to set one up.
 */
export function DemoCallsPanel({ firstPage }: { firstPage: Promise<Settled<DemoCallsPage | undefined>> }) {
  const list = usePagedList({ first: firstPage, fetchPage: olderCalls, itemsOf: (page) => page.calls });
  const { first, items: calls, error } = list;

  if (first === undefined && !error) return null;

  return (
    <section className="demo-calls" aria-labelledby="demo-calls-title">
      <h2 id="demo-calls-title">Recent demo calls</h2>
      {first === null && (
        <p className="demo-calls-note">
          Not set up yet. To see the demo&apos;s calls here, set <code>VAPI_WEBHOOK_SECRET</code> and point
          the Vapi assistant&apos;s server URL at <code>/api/vapi/events</code>, or set{' '}
          <code>VAPI_PRIVATE_KEY</code> with <code>VAPI_ASSISTANT_ID</code>.
        </p>
      )}
      {error?.at === 'first' && <p role="alert">Could not load recent demo calls: {message(error.cause)}</p>}
      {first?.source === 'vapi' && (
        <p className="demo-calls-note">
          No call report has arrived from Vapi yet; these are the demo assistant&apos;s latest calls from
          Vapi&apos;s API.
        </p>
      )}
      {calls?.length === 0 && <p>No demo calls yet.</p>}
      {calls && calls.length > 0 && (
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
                {calls.map((call) => (
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
          {error?.at === 'more' && (
            <p role="alert">Could not load older demo calls: {message(error.cause)}</p>
          )}
          {list.hasMore && (
            <button type="button" onClick={() => void list.loadMore()} disabled={list.loading}>
              {list.loading ? 'Loading older calls…' : 'Show older calls'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
