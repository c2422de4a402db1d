import { useEffect, useState } from 'react';
import { listDemoCalls, type DemoCall } from './demo-calls-api.ts';
import { formatCost, formatDuration, formatEndedReason, formatWhen } from './format-call.ts';

type Panel =
  | { state: 'loading' }
  | { state: 'hidden' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; calls: DemoCall[] };

/**
 * 'Recent demo calls': the demo assistant's latest calls, read by the server through
 * `@voxdesk/sdk`. Not shown at all when the server has no private key configured (404).
 */
export function DemoCallsPanel() {
  const [panel, setPanel] = useState<Panel>({ state: 'loading' });

  useEffect(() => {
    let active = true;
    listDemoCalls().then(
      (calls) => active && setPanel(calls ? { state: 'loaded', calls } : { state: 'hidden' }),
      (error: unknown) => active && setPanel({ state: 'failed', message: (error as Error).message }),
    );
    return () => {
      active = false;
    };
  }, []);

  if (panel.state === 'hidden' || panel.state === 'loading') return null;

  return (
    <section className="demo-calls" aria-labelledby="demo-calls-title">
      <h2 id="demo-calls-title">Recent demo calls</h2>
      {panel.state === 'failed' && <p role="alert">Could not load recent demo calls: {panel.message}</p>}
      {panel.state === 'loaded' && panel.calls.length === 0 && <p>No demo calls yet.</p>}
      {panel.state === 'loaded' && panel.calls.length > 0 && (
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
      )}
    </section>
  );
}
